package org.petstore.inventory.adapter.http.inventory;

import com.fasterxml.jackson.core.JsonParser;
import io.micronaut.core.annotation.Nullable;
import java.io.IOException;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.InvalidQuantityException;
import org.petstore.inventory.domain.Quantity;

/**
 * Reads the specification's {@code InventoryUpdate} body strictly ({@link StrictJson}): exactly one JSON object with
 * the member {@code quantity}, whose value is an integer literal, and optionally the member {@code reason}
 * (experimental, for the stock ledger), one of the strings of {@link ChangeReason} ({@code arrival}, {@code return},
 * {@code sale}, {@code loss}, {@code adjustment}). Anything else (unknown members such as {@code status}, duplicates,
 * {@code null}, strings, booleans, fractions, exponents, arrays, bare values, trailing content, malformed JSON, an
 * empty body, another reason) is rejected with a message that says what to send instead.
 */
final class InventoryUpdateReader {

    static final String EXPECTED = "send {\"quantity\": <integer from 0 to 2147483647>}";
    static final String QUANTITY = "quantity";
    private static final StrictJson.Place BODY = StrictJson.Place.body(EXPECTED);

    /** What the body asks for: the new count, and why (null: no reason given). */
    record Update(Quantity quantity, @Nullable ChangeReason reason) {
    }

    private InventoryUpdateReader() {
    }

    static Update read(String body) {
        StrictJson.WithReason<Quantity> update = StrictJson.withReason(body, BODY, QUANTITY,
                InventoryUpdateReader::quantity);
        return new Update(update.value(), update.reason());
    }

    /** A {@code quantity} member's value: an integer from 0 to 2147483647. */
    static Quantity quantity(JsonParser parser, StrictJson.Place place) throws IOException {
        return StrictJson.integer(parser, place, QUANTITY, InvalidQuantityException::outOfRange, Quantity::of);
    }
}
