package org.petstore.inventory.adapter.cli;

/**
 * A field's value as a file spells it, before it is validated: typed in JSON Lines, text in CSV.
 */
sealed interface RawValue {

    /** How the value is shown in a message: as the file spells it, shortened when long. */
    String shown();

    /** Text: a JSON string ({@code json}), or a CSV field (quoted or not). */
    record Text(String text, boolean json, boolean quoted) implements RawValue {

        @Override
        public String shown() {
            return "\"" + shorten(text) + "\"";
        }

        /** An unquoted CSV field with nothing in it: no value. */
        boolean isEmptyCsvField() {
            return !json && !quoted && text.isEmpty();
        }
    }

    /** A JSON number, as its literal. */
    record Number(String literal) implements RawValue {

        @Override
        public String shown() {
            return shorten(literal);
        }
    }

    record Bool(boolean value) implements RawValue {

        @Override
        public String shown() {
            return Boolean.toString(value);
        }
    }

    /** JSON {@code null}. */
    record Null() implements RawValue {

        @Override
        public String shown() {
            return "null";
        }
    }

    /** A JSON object or array. */
    record Structure(String kind) implements RawValue {

        @Override
        public String shown() {
            return kind;
        }
    }

    private static String shorten(String text) {
        return text.length() <= 40 ? text : text.substring(0, 37) + "...";
    }
}
