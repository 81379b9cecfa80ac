package org.petstore.inventory.adapter.http.inventory;

import com.fasterxml.jackson.core.JsonParser;
import io.micronaut.core.annotation.Nullable;
import java.io.IOException;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.StockDelta;

/**
 * Reads the bodies of the stock movements strictly ({@link StrictJson}), as {@link InventoryUpdateReader} reads a
 * {@code PATCH}'s: an adjustment, {@code {"delta": <integer>, "reason": "<reason>"}} ({@link InventoryAdjustment}), a
 * non-zero integer literal from -2147483647 to 2147483647, and optionally a reason.
 */
final class StockMovementReader {

    static final String ADJUSTMENT_EXPECTED = "send {\"delta\": <non-zero integer from -2147483647 to 2147483647>}";

    private static final String DELTA = "delta";
    private static final StrictJson.Place ADJUSTMENT = StrictJson.Place.body(ADJUSTMENT_EXPECTED);

    /** What an adjustment asks for: the delta, and why (null: no reason given). */
    record Adjustment(StockDelta delta, @Nullable ChangeReason reason) {
    }

    private StockMovementReader() {
    }

    static Adjustment adjustment(String body) {
        StrictJson.WithReason<StockDelta> adjustment = StrictJson.withReason(body, ADJUSTMENT, DELTA,
                StockMovementReader::delta);
        return new Adjustment(adjustment.value(), adjustment.reason());
    }

    private static StockDelta delta(JsonParser parser, StrictJson.Place place) throws IOException {
        return StrictJson.integer(parser, place, DELTA, StockDelta::outOfRange, StockDelta::of);
    }
}
