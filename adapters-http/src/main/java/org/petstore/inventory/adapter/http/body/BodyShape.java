package org.petstore.inventory.adapter.http.body;

import java.util.Arrays;

/**
 * A JSON body bound strictly, or an object inside one (a batch's change): its record, and the words for a refusal
 * of it, what it accepts and what to send instead. A feature lists its bodies in a {@link BodyShapes} bean.
 *
 * @param type     the record serde binds it into
 * @param accepts  what it accepts, e.g. {@code the body accepts only quantity and, optionally, reason}
 * @param expected what to send, e.g. {@code send {"quantity": <integer from 0 to 2147483647>}}
 * @param noun     how a message names it when it is not an object: the request body, or, inside one, "a change"
 */
public record BodyShape(Class<?> type, String accepts, String expected, String noun) {

    /** A request body. */
    public BodyShape(Class<?> type, String accepts, String expected) {
        this(type, accepts, expected, "The request body");
    }

    /** Whether the record has a member of this name (one serde refused as given twice). */
    public boolean has(String member) {
        return Arrays.stream(type.getRecordComponents()).anyMatch(component -> component.getName().equals(member));
    }
}
