package org.petstore.inventory.adapter.http.inventory;

import java.util.Set;
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
    static final String REASON = "reason";
    private static final StrictJson.Place BODY = StrictJson.Place.body(EXPECTED);

    /** What the body asks for: the new count (null only while it is read), and why (null: no reason given). */
    record Update(Quantity quantity, ChangeReason reason) {
    }

    private InventoryUpdateReader() {
    }

    static Update read(String body) {
        Update update = StrictJson.read(body, BODY, parser -> {
            StrictJson.Members members = StrictJson.members(parser, BODY,
                    "the body accepts only quantity and, optionally, reason", Set.of(QUANTITY, REASON));
            Quantity quantity = null;
            ChangeReason reason = null;
            for (String name = members.next(); name != null; name = members.next()) {
                if (name.equals(QUANTITY)) {
                    quantity = StrictJson.integer(parser, BODY, QUANTITY, InvalidQuantityException::outOfRange,
                            Quantity::of);
                } else {
                    reason = StrictJson.reason(parser, BODY);
                }
            }
            return new Update(quantity, reason);
        });
        if (update.quantity() == null) {
            throw BODY.invalid("quantity is required");
        }
        return update;
    }
}
