package org.petstore.inventory.adapter.cli;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.petstore.inventory.application.port.inbound.ImportLine;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

/**
 * The two kinds of records a data file holds, with their fields in the order the files write them, and how a line's
 * raw values become a valid pet or order, or a {@link ImportLine.BadLine} that says what to fix (every problem of the
 * line, separated by "; ").
 *
 * <ul>
 *   <li>pets: {@code petId} (1 to 2^63-1), {@code name} (1 to 100 characters, not blank), {@code status}
 *       ({@code available}, {@code pending}, {@code sold}), {@code quantity} (0 to 2^31-1, or null/empty for a pet
 *       without stock), {@code version} (at least 1; optional: 1 when missing or empty; only with a quantity);</li>
 *   <li>orders: {@code id}, {@code petId}, {@code quantity}, {@code shipDate} (an ISO-8601 instant, at most
 *       microseconds), {@code status} ({@code placed}, {@code approved}, {@code delivered}), {@code complete}
 *       ({@code true}, {@code false}).</li>
 * </ul>
 */
enum RecordKind {

    PETS(List.of("petId", "name", "status", "quantity", "version"), Set.of("version")),
    ORDERS(List.of("id", "petId", "quantity", "shipDate", "status", "complete"), Set.of());

    private static final Pattern WHOLE_NUMBER = Pattern.compile("-?[0-9]+");
    private static final Pattern FRACTION = Pattern.compile("\\.([0-9]+)");

    private final List<String> fields;
    private final Set<String> optional;

    RecordKind(List<String> fields, Set<String> optional) {
        this.fields = fields;
        this.optional = optional;
    }

    List<String> fields() {
        return fields;
    }

    boolean isOptional(String field) {
        return optional.contains(field);
    }

    /** "petId, name, status, quantity, version (optional)". */
    String fieldList() {
        return String.join(", ", fields.stream().map(f -> optional.contains(f) ? f + " (optional)" : f).toList());
    }

    /**
     * The line's record from its values, indexed like {@link #fields()}; {@code null} for a field the line does not
     * have (only an optional one may be missing).
     */
    ImportLine line(long line, RawValue[] values) {
        List<String> problems = new ArrayList<>();
        ImportLine record = switch (this) {
            case PETS -> pet(line, values, problems);
            case ORDERS -> order(line, values, problems);
        };
        return problems.isEmpty() ? record : new ImportLine.BadLine(line, String.join("; ", problems));
    }

    private static ImportLine pet(long line, RawValue[] values, List<String> problems) {
        Long id = wholeNumber("petId", values[0], PetId.MIN, Long.MAX_VALUE, false, problems);
        String name = name(values[1], problems);
        PetStatus status = status("status", values[2], PetStatus.values(), problems);
        Long quantity = wholeNumber("quantity", values[3], Quantity.MIN, Quantity.MAX, true, problems);
        Long version = values[4] == null ? null
                : wholeNumber("version", values[4], EntryVersion.MIN, Long.MAX_VALUE, true, problems);
        if (quantity == null && version != null && problems.isEmpty()) {
            problems.add("version " + version + " is given without a quantity: a pet without stock has no entry "
                    + "and so no version (give the quantity, or leave the version empty)");
        }
        if (!problems.isEmpty()) {
            return null;
        }
        Pet pet = new Pet(PetId.of(id), name, status);
        CatalogueEntry entry = quantity == null ? CatalogueEntry.unstocked(pet)
                : CatalogueEntry.stocked(pet, Quantity.of(quantity),
                        version == null ? EntryVersion.FIRST : EntryVersion.of(version));
        return new ImportLine.PetLine(line, entry);
    }

    private static ImportLine order(long line, RawValue[] values, List<String> problems) {
        Long id = wholeNumber("id", values[0], 1, Long.MAX_VALUE, false, problems);
        Long petId = wholeNumber("petId", values[1], PetId.MIN, Long.MAX_VALUE, false, problems);
        Long quantity = wholeNumber("quantity", values[2], Quantity.MIN, Quantity.MAX, false, problems);
        Instant shipDate = instant("shipDate", values[3], problems);
        OrderStatus status = status("status", values[4], OrderStatus.values(), problems);
        Boolean complete = bool("complete", values[5], problems);
        if (!problems.isEmpty()) {
            return null;
        }
        return new ImportLine.OrderLine(line, new Order(OrderId.of(id), PetId.of(petId), Quantity.of(quantity),
                shipDate, status, complete));
    }

    /** A whole number in the range; {@code null} (no problem) for null or an empty CSV field when nullable. */
    private static Long wholeNumber(String field, RawValue value, long min, long max, boolean nullable,
            List<String> problems) {
        String expected = field + " must be a whole number from " + min + " to " + max
                + (nullable ? " (or " + (value instanceof RawValue.Text text && !text.json() ? "empty" : "null") + ")"
                            : "");
        String digits = switch (value) {
            case RawValue.Number number -> number.literal();
            case RawValue.Text text when !text.json() -> text.text().strip();
            default -> null;
        };
        if (isNone(value)) {
            if (!nullable) {
                problems.add(field + " is missing a value: " + expected);
            }
            return null;
        }
        if (digits != null && WHOLE_NUMBER.matcher(digits).matches()) {
            try {
                long parsed = Long.parseLong(digits);
                if (parsed >= min && parsed <= max) {
                    return parsed;
                }
            } catch (NumberFormatException tooLarge) {
                // out of range, as below
            }
        }
        problems.add(expected + ", got " + value.shown());
        return null;
    }

    private static String name(RawValue value, List<String> problems) {
        if (!(value instanceof RawValue.Text text) || text.isEmptyCsvField()) {
            problems.add("name must be a text of 1 to " + Pet.MAX_NAME_LENGTH + " characters, got "
                    + (isNone(value) ? "none" : value.shown()));
            return null;
        }
        String name = text.json() || text.quoted() ? text.text() : text.text().strip();
        if (name.isBlank()) {
            problems.add("name must not be blank");
        } else if (name.length() > Pet.MAX_NAME_LENGTH) {
            problems.add("name has " + name.length() + " characters; at most " + Pet.MAX_NAME_LENGTH + " are allowed");
        } else if (name.indexOf('\0') >= 0) {
            problems.add("name contains the character U+0000, which PostgreSQL cannot store: remove it");
        } else {
            return name;
        }
        return null;
    }

    private static <S extends Enum<S>> S status(String field, RawValue value, S[] statuses, List<String> problems) {
        String spelled = value instanceof RawValue.Text text && !isNone(value)
                ? (text.json() || text.quoted() ? text.text() : text.text().strip()) : null;
        for (S status : statuses) {
            if (status.name().toLowerCase(Locale.ROOT).equals(spelled)) {
                return status;
            }
        }
        List<String> names = Arrays.stream(statuses).map(s -> s.name().toLowerCase(Locale.ROOT)).toList();
        problems.add(field + " must be one of " + String.join(", ", names) + ", got "
                + (isNone(value) ? "none" : value.shown()));
        return null;
    }

    private static Instant instant(String field, RawValue value, List<String> problems) {
        String expected = field + " must be an ISO-8601 instant in UTC such as 2026-10-02T09:00:00Z";
        if (!(value instanceof RawValue.Text text) || isNone(value)) {
            problems.add(expected + ", got " + (isNone(value) ? "none" : value.shown()));
            return null;
        }
        String spelled = text.text().strip();
        try {
            Instant instant = Instant.parse(spelled);
            var fraction = FRACTION.matcher(spelled);
            if (fraction.find() && fraction.group(1).length() > 6) {
                problems.add(field + " has more than 6 decimal places of a second, got " + value.shown()
                        + ": the store keeps microseconds");
                return null;
            }
            return instant;
        } catch (DateTimeParseException e) {
            problems.add(expected + ", got " + value.shown());
            return null;
        }
    }

    private static Boolean bool(String field, RawValue value, List<String> problems) {
        if (value instanceof RawValue.Bool bool) {
            return bool.value();
        }
        String spelled = value instanceof RawValue.Text text && !text.json() ? text.text().strip() : "";
        if (spelled.equals("true") || spelled.equals("false")) {
            return Boolean.parseBoolean(spelled);
        }
        problems.add(field + " must be true or false, got " + (isNone(value) ? "none" : value.shown()));
        return null;
    }

    /** No value: a field the line does not have, JSON null, or an empty unquoted CSV field. */
    private static boolean isNone(RawValue value) {
        return value == null || value instanceof RawValue.Null
                || value instanceof RawValue.Text text && text.isEmptyCsvField();
    }
}
