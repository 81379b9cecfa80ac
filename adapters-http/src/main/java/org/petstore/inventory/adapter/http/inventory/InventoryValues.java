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
import java.util.stream.Collectors;
import org.petstore.inventory.adapter.http.body.StrictValues;
import org.petstore.inventory.adapter.http.body.StrictValues.InvalidBody;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.InvalidQuantityException;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/**
 * The values of the bodies that change stock that only they have, bound strictly as {@link StrictValues} binds the
 * others: a reason of a change, a batch's changes, and the movements the domain makes of the numbers.
 */
final class InventoryValues {

    private InventoryValues() {
    }

    /** A count to set, as the domain takes it: 400 out of its range. */
    static StockMovement setTo(BigInteger quantity) {
        return new StockMovement.SetTo(Quantity.of(StrictValues.exactly(quantity,
                InvalidQuantityException::outOfRange)));
    }

    /** A delta to move a count by, as the domain takes it: 400 out of its range. */
    static StockMovement adjustBy(BigInteger delta) {
        return new StockMovement.AdjustBy(StockDelta.of(StrictValues.exactly(delta, StockDelta::outOfRange)));
    }

    /** A {@link ChangeReason} by its wire name, exactly; never {@code null}. */
    @Singleton
    static final class Reason extends StrictValues.Value {

        private static final String ONE_OF = "reason must be one of " + Arrays.stream(ChangeReason.values())
                .map(ChangeReason::wireName).collect(Collectors.joining(", ")) + ", or left out; got ";

        @Override
        protected Object of(JsonNode value, String member) {
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
                    throw new StrictValues.InvalidElement("changes", changes.size(), InventoryBodies.CHANGE,
                            refused);
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
