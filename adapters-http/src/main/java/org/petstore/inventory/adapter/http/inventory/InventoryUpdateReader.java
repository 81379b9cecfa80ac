package org.petstore.inventory.adapter.http.inventory;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.io.IOException;
import java.math.BigInteger;
import org.petstore.inventory.adapter.http.error.InvalidRequestException;
import org.petstore.inventory.domain.Quantity;

/**
 * Reads the specification's {@code InventoryUpdate} body strictly: exactly one JSON object with exactly one member,
 * {@code quantity}, whose value is an integer literal. Anything else (unknown members such as {@code status},
 * duplicates, {@code null}, strings, booleans, fractions, exponents, arrays, bare values, trailing content, malformed
 * JSON, an empty body) is rejected with a message that says what to send instead.
 */
final class InventoryUpdateReader {

    static final String EXPECTED = "send {\"quantity\": <integer from 0 to 2147483647>}";
    private static final String QUANTITY = "quantity";
    private static final int MAX_ECHOED_NAME = 64;

    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private InventoryUpdateReader() {
    }

    static Quantity read(String body) {
        if (body == null || body.isBlank()) {
            throw InvalidRequestException.validationFailed("The request body is required: " + EXPECTED);
        }
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw InvalidRequestException.validationFailed("The request body must be a JSON object: " + EXPECTED);
            }
            Quantity quantity = null;
            for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
                String name = parser.currentName();
                if (!QUANTITY.equals(name)) {
                    throw InvalidRequestException.validationFailed(
                            "Unknown member '" + echo(name) + "': the body accepts only quantity; " + EXPECTED);
                }
                parser.nextToken();
                quantity = quantity(parser);
            }
            if (parser.nextToken() != null) {
                throw InvalidRequestException.malformedJson(
                        "The request body must hold one JSON object and nothing after it: " + EXPECTED);
            }
            if (quantity == null) {
                throw InvalidRequestException.validationFailed("quantity is required: " + EXPECTED);
            }
            return quantity;
        } catch (StreamConstraintsException e) {
            throw InvalidRequestException.validationFailed("The request body is too complex: " + EXPECTED);
        } catch (JsonParseException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("Duplicate field")) {
                throw InvalidRequestException.validationFailed("quantity must be given once: " + EXPECTED);
            }
            throw InvalidRequestException.malformedJson("The request body is not valid JSON (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + "): " + EXPECTED);
        } catch (IOException e) {
            throw InvalidRequestException.malformedJson("The request body is not valid JSON: " + EXPECTED);
        }
    }

    private static Quantity quantity(JsonParser parser) throws IOException {
        return switch (parser.currentToken()) {
            case VALUE_NUMBER_INT -> {
                BigInteger value = parser.getBigIntegerValue();
                if (value.bitLength() >= Long.SIZE) {
                    throw InvalidRequestException.validationFailed(
                            "quantity must be an integer from 0 to 2147483647, got " + echo(parser.getText()));
                }
                yield Quantity.of(value.longValue());
            }
            case VALUE_NUMBER_FLOAT -> throw InvalidRequestException.validationFailed(
                    "quantity must be a whole number, got " + echo(parser.getText()) + ": " + EXPECTED);
            case VALUE_NULL -> throw InvalidRequestException.validationFailed(
                    "quantity must not be null: " + EXPECTED);
            case VALUE_STRING -> throw InvalidRequestException.validationFailed(
                    "quantity must be a JSON number, not a string: " + EXPECTED);
            case VALUE_TRUE, VALUE_FALSE -> throw InvalidRequestException.validationFailed(
                    "quantity must be a JSON number, not a boolean: " + EXPECTED);
            default -> throw InvalidRequestException.validationFailed(
                    "quantity must be a JSON number, not an object or array: " + EXPECTED);
        };
    }

    private static String echo(String value) {
        return value.length() <= MAX_ECHOED_NAME ? value : value.substring(0, MAX_ECHOED_NAME) + "...";
    }
}
