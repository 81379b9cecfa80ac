package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.annotation.Nullable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An entity tag (RFC 9110 §8.8.3): an opaque string in double quotes, weak when prefixed with {@code W/}.
 *
 * @param weak   whether the tag is weak ({@code W/"..."})
 * @param opaque the characters between the quotes
 */
record EntityTag(boolean weak, String opaque) {

    /** {@code entity-tag}; {@code etagc = %x21 / %x23-7E / obs-text}: visible characters but a quote, and 0x80+. */
    private static final Pattern TAG = Pattern.compile("(W/)?\"([\\x21\\x23-\\x7E\\x80-\\xFF]*)\"");
    /** {@code #entity-tag}: tags separated by commas, with optional blanks; empty elements allowed. */
    private static final Pattern LIST = Pattern.compile("[ \\t,]*(?:" + TAG.pattern() + "[ \\t]*(?:,[ \\t,]*|$))*");

    static EntityTag strong(String opaque) {
        return new EntityTag(false, opaque);
    }

    static EntityTag weak(String opaque) {
        return new EntityTag(true, opaque);
    }

    /** Strong comparison (§8.8.3.2): both tags strong, and the same opaque string. */
    boolean strongMatch(EntityTag other) {
        return !weak && !other.weak && opaque.equals(other.opaque);
    }

    /** Weak comparison (§8.8.3.2): the same opaque string, whether either is weak or not. */
    boolean weakMatch(EntityTag other) {
        return opaque.equals(other.opaque);
    }

    /** As a header value: {@code "2.5"} or {@code W/"3.7"}. */
    @Override
    public String toString() {
        return (weak ? "W/\"" : "\"") + opaque + '"';
    }

    /** The value of an {@code If-Match} or {@code If-None-Match} header: {@code *}, or a list of entity tags. */
    sealed interface Condition {
    }

    /** {@code *}: any current representation. */
    record AnyTag() implements Condition {
    }

    /** A list of entity tags; it may be empty ({@code If-Match: ,}), and then names nothing. */
    record OneOf(List<EntityTag> tags) implements Condition {

        OneOf {
            tags = List.copyOf(tags);
        }
    }

    /**
     * The condition in the field lines of an {@code If-Match} or {@code If-None-Match} header (several lines are one
     * comma-separated list, RFC 9110 §5.3): {@code *} alone, or {@code #entity-tag}. Empty when the value does not
     * follow that grammar (an unquoted tag, a lower-case {@code w/}, {@code *} beside tags, a quote or control
     * character inside a tag), or not sent at all ({@code null}).
     */
    static Optional<Condition> parseCondition(@Nullable List<String> fieldLines) {
        if (fieldLines == null) {
            return Optional.empty();
        }
        String value = String.join(",", fieldLines).strip();
        if (value.equals("*")) {
            return Optional.of(new AnyTag());
        }
        if (!LIST.matcher(value).matches()) {
            return Optional.empty();
        }
        List<EntityTag> tags = new ArrayList<>();
        for (Matcher tag = TAG.matcher(value); tag.find(); ) {
            tags.add(new EntityTag(tag.group(1) != null, tag.group(2)));
        }
        return Optional.of(new OneOf(tags));
    }
}
