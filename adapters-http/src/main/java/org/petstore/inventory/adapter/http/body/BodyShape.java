package org.petstore.inventory.adapter.http.body;

import java.util.Arrays;

/**
 * A JSON body bound strictly, or an object inside one (a batch's change): its record, and the words for a refusal
 * of it, what it accepts and what to send instead. A feature lists its bodies in a {@link BodyShapes} bean.
 */
public interface BodyShape {

    /** The record serde binds it into. */
    Class<?> type();

    /** What it accepts, e.g. {@code the body accepts only quantity and, optionally, reason}. */
    String accepts();

    /** What to send, e.g. {@code send {"quantity": <integer from 0 to 2147483647>}}. */
    String expected();

    /** How a message names it when it is not an object: the request body, or, inside one, e.g. "a change". */
    default String noun() {
        return "The request body";
    }

    /** Whether the record has a member of this name (one serde refused as given twice). */
    default boolean has(String member) {
        return Arrays.stream(type().getRecordComponents())
                .anyMatch(component -> component.getName().equals(member));
    }
}
