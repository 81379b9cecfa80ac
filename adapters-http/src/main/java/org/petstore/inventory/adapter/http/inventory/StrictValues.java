package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.type.Argument;
import io.micronaut.json.tree.JsonNode;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Deserializer;
import io.micronaut.serde.exceptions.SerdeException;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.InvalidQuantityException;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/**
 * The members of the bodies that change stock as serde binds them, strictly: each deserializer here is named by the
 * members it reads ({@code @Serdeable.Deserializable(using = ...)}), and refuses every other JSON value with an
 * {@link InvalidBody} that says what is wrong; {@link BodyRefusals} says where. They are declared for {@link Object}
 * so that serde takes them only where a member names them, never for every {@link BigInteger} or list.
 */
final class StrictValues {

    private StrictValues() {
    }

    /** What serde could not bind, in the adapter's words, and whether what to send follows it. */
    static final class InvalidBody extends RuntimeException {

        private final boolean followedByExpected;

        InvalidBody(String problem, boolean followedByExpected) {
            super(problem, null, false, false);
            this.followedByExpected = followedByExpected;
        }

        boolean followedByExpected() {
            return followedByExpected;
        }
    }

    /** The change at this place of a batch could not be bound; its cause says why. */
    static final class InvalidChange extends SerdeException {

        private final int index;

        InvalidChange(int index, Exception cause) {
            super("changes[" + index + "]", cause);
            this.index = index;
        }

        int index() {
            return index;
        }
    }

    /** A member a body must have ({@code null}: left out). */
    static void require(Object value, String name) {
        if (value == null) {
            throw new InvalidBody(name + " is required", true);
        }
    }

    /** A count to set, as the domain takes it: 400 out of its range. */
    static StockMovement setTo(BigInteger quantity) {
        return new StockMovement.SetTo(Quantity.of(exactly(quantity, InvalidQuantityException::outOfRange)));
    }

    /** A delta to move a count by, as the domain takes it: 400 out of its range. */
    static StockMovement adjustBy(BigInteger delta) {
        return new StockMovement.AdjustBy(StockDelta.of(exactly(delta, StockDelta::outOfRange)));
    }

    /** A whole number for the domain's factory; beyond a {@code long}, the domain's refusal of it as written. */
    static long exactly(BigInteger value, Function<String, ? extends RuntimeException> outOfRange) {
        if (value.bitLength() >= Long.SIZE) {
            throw outOfRange.apply(EchoedInput.value(value.toString()));
        }
        return value.longValue();
    }

    /** A member's value from the JSON value serde decoded (a JSON {@code null} too), or its refusal. */
    abstract static class Value implements Deserializer<Object> {

        abstract Object of(JsonNode value, String member);

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

    /** A whole number as a JSON integer literal, of any size: never a string, a fraction or an exponent. */
    @Singleton
    static final class WholeNumber extends Value {

        /** The refusal of a fraction or an exponent; {@link BodyRefusals} adds the number as it was written. */
        static final String NOT_WHOLE = " must be a whole number, got ";

        @Override
        Object of(JsonNode value, String member) {
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

    /** A {@link ChangeReason} by its wire name, exactly; never {@code null}. */
    @Singleton
    static final class Reason extends Value {

        private static final String ONE_OF = "reason must be one of " + Arrays.stream(ChangeReason.values())
                .map(ChangeReason::wireName).collect(Collectors.joining(", ")) + ", or left out; got ";

        @Override
        Object of(JsonNode value, String member) {
            if (value.isString()) {
                return ChangeReason.ofWireName(value.getStringValue()).orElseThrow(() -> new InvalidBody(ONE_OF
                        + "\"" + EchoedInput.value(value.getStringValue()) + "\"", false));
            }
            throw new InvalidBody(ONE_OF + (value.isNull() ? "null" : value.isNumber() ? "a JSON number"
                    : value.isBoolean() ? "a boolean" : "an object or array"), false);
        }
    }

    /** A batch's changes: a JSON array, each element bound by serde as a change; a refused one names its place. */
    @Singleton
    static final class Changes implements Deserializer<Object> {

        private static final Argument<InventoryChanges.Change> CHANGE = Argument.of(InventoryChanges.Change.class);

        @Override
        public Object deserializeNullable(Decoder decoder, DecoderContext context, Argument<? super Object> type)
                throws IOException {
            Decoder array;
            try {
                array = decoder.decodeArray();
            } catch (SerdeException notAnArray) {
                throw new InvalidBody("changes must be a JSON array of changes", true);
            }
            Deserializer<? extends InventoryChanges.Change> change = context.findDeserializer(CHANGE)
                    .createSpecific(context, CHANGE);
            List<InventoryChanges.Change> changes = new ArrayList<>();
            while (array.hasNextArrayValue()) {
                try {
                    changes.add(change.deserialize(array, context, CHANGE));
                } catch (SerdeException | RuntimeException refused) {
                    throw new InvalidChange(changes.size(), refused);
                }
            }
            array.finishStructure();
            return changes;
        }

        @Override
        public Object deserialize(Decoder decoder, DecoderContext context, Argument<? super Object> type)
                throws IOException {
            return deserializeNullable(decoder, context, type);
        }
    }
}
