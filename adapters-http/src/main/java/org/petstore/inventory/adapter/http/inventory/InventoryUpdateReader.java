package org.petstore.inventory.adapter.http.inventory;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.InvalidQuantityException;
import org.petstore.inventory.domain.Quantity;

/**
 * Reads the specification's {@code InventoryUpdate} body strictly: exactly one JSON object with the member
 * {@code quantity}, whose value is an integer literal, and optionally the member {@code reason} (experimental, for the
 * stock ledger), one of the strings {@code arrival}, {@code return}, {@code adjustment}. Anything else (unknown members
 * such as {@code status}, duplicates, {@code null}, strings, booleans, fractions, exponents, arrays, bare values,
 * trailing content, malformed JSON, an empty body, another reason) is rejected with a message that says what to send
 * instead.
 */
final class InventoryUpdateReader {

    static final String EXPECTED = "send {\"quantity\": <integer from 0 to 2147483647>}";
    private static final String QUANTITY = "quantity";
    private static final String REASON = "reason";
    private static final String REASONS = Arrays.stream(ChangeReason.values()).map(ChangeReason::wireName)
            .collect(Collectors.joining(", "));

    /** What the body asks for: the new count, and why (null: no reason given). */
    record Update(Quantity quantity, ChangeReason reason) {
    }

    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private InventoryUpdateReader() {
    }

    static Update read(String body) {
        if (body == null || body.isBlank()) {
            throw invalid("The request body is required: " + EXPECTED);
        }
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw invalid("The request body must be a JSON object: " + EXPECTED);
            }
            Quantity quantity = null;
            ChangeReason reason = null;
            for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
                String name = parser.currentName();
                if (QUANTITY.equals(name)) {
                    parser.nextToken();
                    quantity = quantity(parser);
                } else if (REASON.equals(name)) {
                    parser.nextToken();
                    reason = reason(parser);
                } else {
                    throw invalid("Unknown member '" + EchoedInput.value(name) + "': the body accepts only quantity "
                            + "and, optionally, reason; " + EXPECTED);
                }
            }
            if (parser.nextToken() != null) {
                throw malformed("The request body must hold one JSON object and nothing after it: " + EXPECTED);
            }
            if (quantity == null) {
                throw invalid("quantity is required: " + EXPECTED);
            }
            return new Update(quantity, reason);
        } catch (StreamConstraintsException e) {
            throw invalid("The request body is too complex: " + EXPECTED);
        } catch (JsonParseException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("Duplicate field")) {
                String member = e.getMessage().contains("'" + REASON + "'") ? REASON : QUANTITY;
                throw invalid(member + " must be given once: " + EXPECTED);
            }
            throw malformed("The request body is not valid JSON (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + "): " + EXPECTED);
        } catch (IOException e) {
            throw malformed("The request body is not valid JSON: " + EXPECTED);
        }
    }

    private static Quantity quantity(JsonParser parser) throws IOException {
        return switch (parser.currentToken()) {
            case VALUE_NUMBER_INT -> {
                BigInteger value = parser.getBigIntegerValue();
                if (value.bitLength() >= Long.SIZE) {
                    throw InvalidQuantityException.outOfRange(EchoedInput.value(parser.getText()));
                }
                yield Quantity.of(value.longValue());
            }
            case VALUE_NUMBER_FLOAT -> throw invalid(
                    "quantity must be a whole number, got " + EchoedInput.value(parser.getText()) + ": " + EXPECTED);
            case VALUE_NULL -> throw invalid("quantity must not be null: " + EXPECTED);
            case VALUE_STRING -> throw invalid("quantity must be a JSON number, not a string: " + EXPECTED);
            case VALUE_TRUE, VALUE_FALSE -> throw invalid("quantity must be a JSON number, not a boolean: " + EXPECTED);
            default -> throw invalid("quantity must be a JSON number, not an object or array: " + EXPECTED);
        };
    }

    private static ChangeReason reason(JsonParser parser) throws IOException {
        String allowed = "reason must be one of " + REASONS + ", or left out; got ";
        return switch (parser.currentToken()) {
            case VALUE_STRING -> {
                String value = parser.getText();
                yield ChangeReason.ofWireName(value)
                        .orElseThrow(() -> invalid(allowed + "\"" + EchoedInput.value(value) + "\""));
            }
            case VALUE_NULL -> throw invalid(allowed + "null");
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> throw invalid(allowed + "a JSON number");
            case VALUE_TRUE, VALUE_FALSE -> throw invalid(allowed + "a boolean");
            default -> throw invalid(allowed + "an object or array");
        };
    }

    private static ApiException invalid(String message) {
        return new ApiException(ErrorCode.VALIDATION_FAILED, message);
    }

    private static ApiException malformed(String message) {
        return new ApiException(ErrorCode.MALFORMED_JSON, message);
    }
}
