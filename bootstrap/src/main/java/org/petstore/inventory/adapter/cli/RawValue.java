package org.petstore.inventory.adapter.cli;

/**
 * A field's value as a file spells it, before it is validated: typed in JSON Lines, text in CSV.
 */
sealed interface RawValue {

    /** How the value is shown in a message: as the file spells it, shortened when long. */
    default String shown() {
        return switch (this) {
            case Text text -> "\"" + shorten(text.text()) + "\"";
            case Number number -> shorten(number.literal());
            case Bool bool -> Boolean.toString(bool.value());
            case Null _ -> "null";
            case Structure structure -> structure.kind();
        };
    }

    /** Text: a JSON string ({@code json}), or a CSV field (quoted or not). */
    record Text(String text, boolean json, boolean quoted) implements RawValue {

        /** An unquoted CSV field with nothing in it: no value. */
        boolean isEmptyCsvField() {
            return !json && !quoted && text.isEmpty();
        }
    }

    /** A JSON number, as its literal. */
    record Number(String literal) implements RawValue {
    }

    record Bool(boolean value) implements RawValue {
    }

    /** JSON {@code null}. */
    record Null() implements RawValue {
    }

    /** A JSON object or array ({@code kind}: "an object", "an array"). */
    record Structure(String kind) implements RawValue {
    }

    private static String shorten(String text) {
        return text.length() <= 40 ? text : text.substring(0, 37) + "...";
    }
}
