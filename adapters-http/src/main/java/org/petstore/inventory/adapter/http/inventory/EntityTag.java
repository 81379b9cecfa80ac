package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.annotation.Nullable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An entity tag (RFC 9110 §8.8.3): an opaque string in double quotes, weak when prefixed with {@code W/}.
 *
 * @param weak   whether the tag is weak ({@code W/"..."})
 * @param opaque the characters between the quotes
 */
record EntityTag(boolean weak, String opaque) {

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
        List<EntityTag> tags = new ArrayList<>();
        int at = 0;
        int end = value.length();
        while (at < end) {
            char c = value.charAt(at);
            if (c == ',' || c == ' ' || c == '\t') {
                at++;
                continue;
            }
            boolean weak = value.startsWith("W/", at);
            int open = weak ? at + 2 : at;
            if (open >= end || value.charAt(open) != '"') {
                return Optional.empty();
            }
            int close = open + 1;
            while (close < end && isEtagChar(value.charAt(close))) {
                close++;
            }
            if (close >= end || value.charAt(close) != '"') {
                return Optional.empty();
            }
            tags.add(new EntityTag(weak, value.substring(open + 1, close)));
            at = close + 1;
            while (at < end && (value.charAt(at) == ' ' || value.charAt(at) == '\t')) {
                at++;
            }
            if (at < end && value.charAt(at) != ',') {
                return Optional.empty();
            }
        }
        return Optional.of(new OneOf(tags));
    }

    /** {@code etagc = %x21 / %x23-7E / obs-text}: visible characters but the double quote, and bytes from 0x80. */
    private static boolean isEtagChar(char c) {
        return c == 0x21 || (c >= 0x23 && c <= 0x7E) || (c >= 0x80 && c <= 0xFF);
    }
}
