package org.petstore.inventory.adapter.http.inventory;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import io.micronaut.core.annotation.Nullable;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.stream.Collectors;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.DomainException;

/**
 * Reads the request bodies that change stock strictly, on jackson-core's streaming parser (serde's parser): exactly
 * one JSON object, with known members only, each at most once, whose numbers are integer literals, and nothing after
 * it. Every other body (unknown members, duplicates, {@code null}, strings, booleans, fractions, exponents, arrays,
 * bare values, trailing content, malformed JSON, an empty body) is refused with a message that says where the problem
 * is and what to send instead. The readers of each body ({@link InventoryUpdateReader}, {@link StockMovementReader})
 * say which members it has.
 */
final class StrictJson {

    static final String REASON = "reason";

    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final String REASONS = Arrays.stream(ChangeReason.values()).map(ChangeReason::wireName)
            .collect(Collectors.joining(", "));

    private StrictJson() {
    }

    /**
     * Where a value is in the body, and what to send there instead: the beginning (e.g. {@code changes[1]: }, or
     * nothing for the body itself) and the end (e.g. {@code send {"quantity": ...}}) of each message about it.
     */
    record Place(String prefix, String expected) {

        /** At the top of the body. */
        static Place body(String expected) {
            return new Place("", expected);
        }

        /** 400 {@code VALIDATION_FAILED}: the problem here, then what to send. */
        ApiException invalid(String problem) {
            return new ApiException(ErrorCode.VALIDATION_FAILED, prefix + problem + ": " + expected);
        }

        /** 400 {@code VALIDATION_FAILED} with the domain's own message for a value it refuses, here. */
        ApiException refused(DomainException refusal) {
            return new ApiException(ErrorCode.VALIDATION_FAILED, prefix + refusal.getMessage());
        }
    }

    /** Reads the value of a body that is one JSON object; the parser is on its {@code START_OBJECT}. */
    @FunctionalInterface
    interface ObjectReader<T> {
        T read(JsonParser parser) throws IOException;
    }

    /**
     * The body read by {@code reader}, if it is one JSON object and nothing after it; 400 {@code VALIDATION_FAILED} for
     * an empty body, or one that is no object, {@code MALFORMED_JSON} for one that is not JSON.
     */
    static <T> T read(String body, Place place, ObjectReader<T> reader) {
        if (body == null || body.isBlank()) {
            throw place.invalid("The request body is required");
        }
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw place.invalid("The request body must be a JSON object");
            }
            T value = reader.read(parser);
            if (parser.nextToken() != null) {
                throw malformed("The request body must hold one JSON object and nothing after it", place);
            }
            return value;
        } catch (StreamConstraintsException e) {
            throw place.invalid("The request body is too complex");
        } catch (JsonParseException e) {
            throw malformed("The request body is not valid JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")", place);
        } catch (IOException e) {
            throw malformed("The request body is not valid JSON", place);
        }
    }

    /** Reads the value of a member; the parser is on its first token. */
    @FunctionalInterface
    interface ValueReader<T> {
        T read(JsonParser parser, Place place) throws IOException;
    }

    /** What a body of one required member and an optional {@code reason} asks for. */
    record WithReason<T>(T value, @Nullable ChangeReason reason) {
    }

    /**
     * A body that is one JSON object with the member {@code name}, read by {@code value}, and optionally the member
     * {@code reason}, and nothing else.
     */
    static <T> WithReason<T> withReason(String body, Place place, String name, ValueReader<T> value) {
        WithReason<T> read = read(body, place, parser -> {
            Members members = members(parser, place, "the body accepts only " + name + " and, optionally, " + REASON,
                    Set.of(name, REASON));
            T found = null;
            ChangeReason reason = null;
            for (String member = members.next(); member != null; member = members.next()) {
                if (member.equals(name)) {
                    found = value.read(parser, place);
                } else {
                    reason = reason(parser, place);
                }
            }
            return new WithReason<>(found, reason);
        });
        if (read.value() == null) {
            throw place.invalid(name + " is required");
        }
        return read;
    }

    /**
     * The members of the object the parser is on, one after the other: each known, each once.
     *
     * @param accepts how the message for an unknown member goes on, e.g. {@code the body accepts only quantity and,
     *                optionally, reason}
     */
    static Members members(JsonParser parser, Place place, String accepts, Set<String> known) {
        return new Members(parser, place, accepts, known);
    }

    /** The members of one JSON object, read in the order they come. */
    static final class Members {

        private final JsonParser parser;
        private final Place place;
        private final String accepts;
        private final Set<String> known;
        private final Set<String> seen = new HashSet<>();

        private Members(JsonParser parser, Place place, String accepts, Set<String> known) {
            this.parser = parser;
            this.place = place;
            this.accepts = accepts;
            this.known = known;
        }

        /**
         * The name of the next member, with the parser on the first token of its value; {@code null} at the end of
         * the object. 400 for a member that is not known (before its value is read) or that came before.
         */
        String next() throws IOException {
            if (parser.nextToken() == JsonToken.END_OBJECT) {
                return null;
            }
            String name = parser.currentName();
            if (!known.contains(name)) {
                throw new ApiException(ErrorCode.VALIDATION_FAILED, place.prefix() + "Unknown member '"
                        + EchoedInput.value(name) + "': " + accepts + "; " + place.expected());
            }
            if (!seen.add(name)) {
                throw place.invalid(name + " must be given once");
            }
            parser.nextToken();
            return name;
        }
    }

    /**
     * The integer value of the member {@code name}, made by {@code of}; 400 for any other JSON value, and for a
     * number that {@code of} refuses or that is out of {@code long}'s range ({@code outOfRange}, given the number as
     * the client wrote it).
     */
    static <T> T integer(JsonParser parser, Place place, String name, Function<String, DomainException> outOfRange,
                         LongFunction<T> of) throws IOException {
        BigInteger value = switch (parser.currentToken()) {
            case VALUE_NUMBER_INT -> parser.getBigIntegerValue();
            case VALUE_NUMBER_FLOAT -> throw place.invalid(name + " must be a whole number, got "
                    + EchoedInput.value(parser.getText()));
            case VALUE_NULL -> throw place.invalid(name + " must not be null");
            case VALUE_STRING -> throw place.invalid(name + " must be a JSON number, not a string");
            case VALUE_TRUE, VALUE_FALSE -> throw place.invalid(name + " must be a JSON number, not a boolean");
            default -> throw place.invalid(name + " must be a JSON number, not an object or array");
        };
        try {
            if (value.bitLength() >= Long.SIZE) {
                throw outOfRange.apply(EchoedInput.value(parser.getText()));
            }
            return of.apply(value.longValue());
        } catch (DomainException refused) {
            throw place.refused(refused);
        }
    }

    /** The value of a {@code reason} member: one of the {@link ChangeReason}s by its wire name, or 400. */
    static ChangeReason reason(JsonParser parser, Place place) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            Optional<ChangeReason> reason = ChangeReason.ofWireName(parser.getText());
            if (reason.isPresent()) {
                return reason.get();
            }
        }
        String got = switch (parser.currentToken()) {
            case VALUE_STRING -> "\"" + EchoedInput.value(parser.getText()) + "\"";
            case VALUE_NULL -> "null";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a JSON number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            default -> "an object or array";
        };
        throw new ApiException(ErrorCode.VALIDATION_FAILED, place.prefix() + "reason must be one of " + REASONS
                + ", or left out; got " + got);
    }

    private static ApiException malformed(String problem, Place place) {
        return new ApiException(ErrorCode.MALFORMED_JSON, problem + ": " + place.expected());
    }
}
