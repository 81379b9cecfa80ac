package org.petstore.inventory.adapter.http.body;

import io.micronaut.core.type.Argument;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Deserializer;
import io.micronaut.serde.exceptions.SerdeException;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.math.BigInteger;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.petstore.inventory.adapter.http.error.EchoedInput;

/**
 * The members of the bodies bound strictly as serde binds them: each deserializer here is named by the members it
 * reads ({@code @Serdeable.Deserializable(using = ...)}), and refuses every other JSON value with an
 * {@link InvalidBody} that says what is wrong; {@link BodyRefusals} says where. They are declared for {@link Object}
 * so that serde takes them only where a member names them, never for every {@link BigInteger}, string or list. A
 * feature's own values (a reason of a change) are a {@link Value} in its package.
 */
public final class StrictValues {

    private StrictValues() {
    }

    /** What serde could not bind, in the adapter's words, and whether what to send follows it. */
    public static final class InvalidBody extends RuntimeException {

        private final boolean followedByExpected;

        public InvalidBody(String problem, boolean followedByExpected) {
            super(problem, null, false, false);
            this.followedByExpected = followedByExpected;
        }

        boolean followedByExpected() {
            return followedByExpected;
        }
    }

    /**
     * The object at this place of a body could not be bound, an element of an array member ({@code changes[i]}) or
     * an object member ({@code quota}); its cause says why.
     */
    public static final class InvalidElement extends SerdeException {

        private final String place;
        private final transient BodyShape shape;

        /** The element at {@code index} of the array member. */
        public InvalidElement(String member, int index, BodyShape shape, Exception cause) {
            this(member + "[" + index + "]", shape, cause);
        }

        /** The object member itself. */
        public InvalidElement(String member, BodyShape shape, Exception cause) {
            super(member, cause);
            this.place = member;
            this.shape = shape;
        }

        /** How a message names the place: {@code changes[3]}, {@code quota}. */
        String place() {
            return place;
        }

        BodyShape shape() {
            return shape;
        }
    }

    /** A member a body must have ({@code null}: left out). */
    public static void require(Object value, String name) {
        if (value == null) {
            throw new InvalidBody(name + " is required", true);
        }
    }

    /** A whole number for the domain's factory; beyond a {@code long}, the domain's refusal of it as written. */
    public static long exactly(BigInteger value, Function<String, ? extends RuntimeException> outOfRange) {
        if (value.bitLength() >= Long.SIZE) {
            throw outOfRange.apply(EchoedInput.value(value.toString()));
        }
        return value.longValue();
    }

    /** A member's value from the JSON value serde decoded (a JSON {@code null} too), or its refusal. */
    public abstract static class Value implements Deserializer<Object> {

        protected abstract Object of(JsonNode value, String member);

        @Override
        public Object deserializeNullable(Decoder decoder, DecoderContext context, Argument<? super Object> type)
                throws IOException {
            return of(decoder.decodeNode(), type.getName());
        }

        @Override
        public Object deserialize(Decoder decoder, DecoderContext context, Argument<? super Object> type)
                throws IOException {
            return deserializeNullable(decoder, context, type);
        }
    }

    /** What a JSON value is, for a message that says what was sent instead. */
    public static String kindOf(JsonNode value) {
        return value.isNull() ? "null" : value.isString() ? "a string" : value.isNumber() ? "a JSON number"
                : value.isBoolean() ? "a boolean" : value.isArray() ? "an array" : "an object";
    }

    /** A whole number as a JSON integer literal, of any size: never a string, a fraction or an exponent. */
    @Singleton
    public static final class WholeNumber extends Value {

        /** The refusal of a fraction or an exponent; {@link BodyRefusals} adds the number as it was written. */
        static final String NOT_WHOLE = " must be a whole number, got ";

        @Override
        protected Object of(JsonNode value, String member) {
            return switch (value.isNumber() ? value.getNumberValue() : null) {
                case BigInteger big -> big;
                case Integer small -> BigInteger.valueOf(small);
                case Long large -> BigInteger.valueOf(large);
                case null -> throw new InvalidBody(member + (value.isNull() ? " must not be null"
                        : " must be a JSON number, not " + (value.isString() ? "a string"
                        : value.isBoolean() ? "a boolean" : "an object or array")), true);
                default -> throw new InvalidBody(member + NOT_WHOLE, true);
            };
        }
    }

    /** A JSON string, as written: never a number, a boolean, a structure or {@code null}. */
    @Singleton
    public static final class Text extends Value {

        @Override
        protected Object of(JsonNode value, String member) {
            if (!value.isString()) {
                throw new InvalidBody(member + " must be a JSON string, not " + kindOf(value), true);
            }
            return value.getStringValue();
        }
    }

    /** A JSON array of strings, in their order (repeats kept: the domain judges them). */
    @Singleton
    public static final class Texts extends Value {

        @Override
        protected Object of(JsonNode value, String member) {
            if (!value.isArray()) {
                throw new InvalidBody(member + " must be a JSON array of strings, not " + kindOf(value), true);
            }
            List<String> texts = new ArrayList<>();
            for (JsonNode element : value.values()) {
                if (!element.isString()) {
                    throw new InvalidBody(member + "[" + texts.size() + "] must be a JSON string, not "
                            + kindOf(element), true);
                }
                texts.add(element.getStringValue());
            }
            return texts;
        }
    }

    /**
     * A point in time as an RFC 3339 string with its offset ({@code 2027-06-01T00:00:00Z}), or {@code null} for none.
     */
    @Singleton
    public static final class Timestamp extends Value {

        @Override
        protected Object of(JsonNode value, String member) {
            if (value.isNull()) {
                return null;
            }
            String problem = member + " must be a date and time with its offset (RFC 3339), such as "
                    + "\"2027-06-01T00:00:00Z\"";
            if (!value.isString()) {
                throw new InvalidBody(problem + ", not " + kindOf(value), false);
            }
            try {
                return Instant.parse(value.getStringValue());
            } catch (DateTimeParseException e) {
                throw new InvalidBody(problem + ", got \"" + EchoedInput.value(value.getStringValue()) + "\"",
                        false);
            }
        }
    }
}
