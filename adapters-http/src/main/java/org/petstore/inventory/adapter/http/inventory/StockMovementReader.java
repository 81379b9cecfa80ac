package org.petstore.inventory.adapter.http.inventory;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.micronaut.core.annotation.Nullable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.InvalidPetIdException;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/**
 * Reads the bodies of the stock movements strictly ({@link StrictJson}), as {@link InventoryUpdateReader} reads a
 * {@code PATCH}'s:
 *
 * <ul>
 *   <li>an adjustment, {@code {"delta": <integer>, "reason": "<reason>"}} ({@link InventoryAdjustment}): a non-zero
 *       integer literal from -2147483647 to 2147483647, and optionally a reason;</li>
 *   <li>a batch, {@code {"changes": [...], "reason": "<reason>"}} ({@link InventoryChanges}), each change
 *       {@code {"petId": <integer>, "delta" or "quantity": <integer>, "reason": "<reason>"}}: the pet (an integer from
 *       1, as in a path), exactly one of {@code delta} (as an adjustment's) and {@code quantity} (as a
 *       {@code PATCH}'s), and optionally a reason of its own. A message about a change names it as
 *       {@code changes[i]} (from 0). How many changes a batch holds and that no pet appears twice are the batch's
 *       own rules ({@code StockChangesCommand}).</li>
 * </ul>
 */
final class StockMovementReader {

    static final String ADJUSTMENT_EXPECTED = "send {\"delta\": <non-zero integer from -2147483647 to 2147483647>}";
    static final String BATCH_EXPECTED = "send {\"changes\": [1 to 100 changes, such as {\"petId\": 1, \"delta\": -2} "
            + "or {\"petId\": 2, \"quantity\": 10}]}";
    static final String CHANGE_EXPECTED = "send each change as {\"petId\": <integer from 1>, \"delta\": <non-zero "
            + "integer>} or {\"petId\": <integer from 1>, \"quantity\": <integer from 0>}";

    private static final String DELTA = "delta";
    private static final String PET_ID = "petId";
    private static final String CHANGES = "changes";
    private static final StrictJson.Place ADJUSTMENT = StrictJson.Place.body(ADJUSTMENT_EXPECTED);
    private static final StrictJson.Place BATCH = StrictJson.Place.body(BATCH_EXPECTED);

    /** What an adjustment asks for: the delta, and why (null: no reason given). */
    record Adjustment(StockDelta delta, @Nullable ChangeReason reason) {
    }

    /** One change of a batch: the pet, the movement, and its own reason (null: the batch's). */
    record Change(PetId petId, StockMovement movement, @Nullable ChangeReason reason) {
    }

    /** A batch: its changes in order, and its reason (null: none given). */
    record Batch(List<Change> changes, @Nullable ChangeReason reason) {

        /** Why a change is made: its own reason, else the batch's (null: neither gave one). */
        @Nullable
        ChangeReason reasonOf(Change change) {
            return change.reason() != null ? change.reason() : reason;
        }
    }

    private StockMovementReader() {
    }

    static Adjustment adjustment(String body) {
        StrictJson.WithReason<StockDelta> adjustment = StrictJson.withReason(body, ADJUSTMENT, DELTA,
                StockMovementReader::delta);
        return new Adjustment(adjustment.value(), adjustment.reason());
    }

    static Batch batch(String body) {
        StrictJson.WithReason<List<Change>> batch = StrictJson.withReason(body, BATCH, CHANGES,
                StockMovementReader::changes);
        return new Batch(batch.value(), batch.reason());
    }

    private static List<Change> changes(JsonParser parser, StrictJson.Place batch) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw batch.invalid("changes must be a JSON array of changes");
        }
        List<Change> changes = new ArrayList<>();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            StrictJson.Place place = new StrictJson.Place(CHANGES + "[" + changes.size() + "]: ", CHANGE_EXPECTED);
            if (token != JsonToken.START_OBJECT) {
                throw place.invalid("a change must be a JSON object");
            }
            changes.add(change(parser, place));
        }
        return changes;
    }

    private static Change change(JsonParser parser, StrictJson.Place place) throws IOException {
        StrictJson.Members members = StrictJson.members(parser, place,
                "a change accepts only petId, delta or quantity, and, optionally, reason",
                Set.of(PET_ID, DELTA, InventoryUpdateReader.QUANTITY, StrictJson.REASON));
        PetId petId = null;
        StockMovement movement = null;
        ChangeReason reason = null;
        for (String name = members.next(); name != null; name = members.next()) {
            switch (name) {
                case PET_ID -> petId = StrictJson.integer(parser, place, PET_ID, InvalidPetIdException::notAPetId,
                        PetId::of);
                case StrictJson.REASON -> reason = StrictJson.reason(parser, place);
                default -> {
                    if (movement != null) {
                        throw place.invalid("a change takes either delta or quantity, not both");
                    }
                    movement = name.equals(DELTA)
                            ? new StockMovement.AdjustBy(delta(parser, place))
                            : new StockMovement.SetTo(InventoryUpdateReader.quantity(parser, place));
                }
            }
        }
        if (petId == null) {
            throw place.invalid("petId is required");
        }
        if (movement == null) {
            throw place.invalid("a change needs either delta or quantity");
        }
        return new Change(petId, movement, reason);
    }

    private static StockDelta delta(JsonParser parser, StrictJson.Place place) throws IOException {
        return StrictJson.integer(parser, place, DELTA, StockDelta::outOfRange, StockDelta::of);
    }
}
