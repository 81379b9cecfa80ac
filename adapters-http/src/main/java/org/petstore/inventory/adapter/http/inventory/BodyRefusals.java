package org.petstore.inventory.adapter.http.inventory;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.serde.exceptions.SerdeException;
import io.micronaut.serde.exceptions.path.PropertyReferencePath;
import io.micronaut.serde.exceptions.path.ReferencePath;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.application.port.inbound.ChangeStockCommand;
import org.petstore.inventory.domain.DomainException;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockDelta;

/**
 * The words for a body that changes stock and could not be bound (400): where the problem is (the body, or a batch's
 * change, {@code changes[i]}), what is wrong, and what to send instead. Serde's path names the member it refused (one
 * it does not know, or one it has seen: {@code @JsonIgnoreProperties(ignoreUnknown = false)}); {@link StrictValues}
 * says what is wrong with a value, and the domain with a batch's change; jackson-core where the JSON breaks.
 */
enum BodyRefusals {
    UPDATE(InventoryUpdate.class, "the body accepts only quantity and, optionally, reason",
            "send {\"quantity\": <integer from " + Quantity.MIN + " to " + Quantity.MAX + ">}"),
    ADJUSTMENT(InventoryAdjustment.class, "the body accepts only delta and, optionally, reason",
            "send {\"delta\": <non-zero integer from " + StockDelta.MIN + " to " + StockDelta.MAX + ">}"),
    BATCH(InventoryChanges.class, "the body accepts only changes and, optionally, reason",
            "send {\"changes\": [1 to " + ChangeStockCommand.MAX_CHANGES + " changes, such as {\"petId\": 1, "
                    + "\"delta\": -2} or {\"petId\": 2, \"quantity\": 10}]}"),
    CHANGE(InventoryChanges.Change.class, "a change accepts only petId, delta or quantity, and, optionally, reason",
            "send each change as {\"petId\": <integer from " + PetId.MIN + ">, \"delta\": <non-zero integer>} or "
                    + "{\"petId\": <integer from " + PetId.MIN + ">, \"quantity\": <integer from " + Quantity.MIN
                    + ">}");

    private final Class<?> type;
    private final String accepts;
    private final String expected;

    BodyRefusals(Class<?> type, String accepts, String expected) {
        this.type = type;
        this.accepts = accepts;
        this.expected = expected;
    }

    /** The words for a body of this type, when it is one that changes stock. */
    static Optional<BodyRefusals> ofBody(Class<?> type) {
        return Arrays.stream(values()).filter(body -> body.type == type && body != CHANGE).findFirst();
    }

    /** The body a route bound, which it requires: an empty one is 400, or 415 without a {@code Content-Type}. */
    static <B> B sent(@Nullable B body, Class<B> type, HttpRequest<?> request) {
        if (body == null) {
            throw request.getContentType().isEmpty() ? new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE)
                    : ofBody(type).orElseThrow().invalid("The request body is required");
        }
        return body;
    }

    ApiException notAnObject() {
        return invalid("The request body must be a JSON object");
    }

    ApiException somethingAfter() {
        return new ApiException(ErrorCode.MALFORMED_JSON, "The request body must hold one JSON object and nothing "
                + "after it: " + expected);
    }

    /** The refusal of a body (as it was written) that could not be read, from the failure and its causes. */
    RuntimeException refusal(Throwable failure, byte[] body) {
        BodyRefusals place = this;
        String prefix = "";
        SerdeException refusedBySerde = null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            switch (cause) {
                case ApiException refused -> {
                    return refused;
                }
                case StreamConstraintsException _ -> {
                    return invalid("The request body is too complex");
                }
                case StreamReadException _ -> {
                    JsonLocation at = brokenAt(body);
                    return new ApiException(ErrorCode.MALFORMED_JSON, "The request body is not valid JSON"
                            + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")")
                            + ": " + expected);
                }
                case EOFException _ -> {
                    return invalid("The request body is required");
                }
                case StrictValues.InvalidBody invalid -> {
                    String problem = invalid.getMessage().endsWith(StrictValues.WholeNumber.NOT_WHOLE)
                            ? invalid.getMessage() + EchoedInput.value(firstFraction(body)) : invalid.getMessage();
                    return new ApiException(ErrorCode.VALIDATION_FAILED, prefix + problem
                            + (invalid.followedByExpected() ? ": " + place.expected : ""));
                }
                case DomainException outOfRange -> {
                    return new ApiException(ErrorCode.VALIDATION_FAILED, prefix + outOfRange.getMessage());
                }
                case StrictValues.InvalidChange change -> {
                    place = CHANGE;
                    prefix = "changes[" + change.index() + "]: ";
                    refusedBySerde = null;
                }
                case SerdeException serde -> refusedBySerde = serde.getCause() == null ? serde : null;
                default -> {
                }
            }
        }
        if (refusedBySerde == null) {
            return new IllegalStateException("a body was refused for a reason no refusal names", failure);
        }
        List<ReferencePath> path = refusedBySerde.getPath();
        if (!((path.isEmpty() ? null : path.getFirst()) instanceof PropertyReferencePath member)) {
            return new ApiException(ErrorCode.VALIDATION_FAILED, place == CHANGE
                    ? prefix + "a change must be a JSON object: " + place.expected
                    : "The request body must be a JSON object: " + expected);
        }
        String name = member.property().getName();
        return new ApiException(ErrorCode.VALIDATION_FAILED, prefix + (place.has(name)
                ? name + " must be given once: " + place.expected
                : "Unknown member '" + EchoedInput.value(name) + "': " + place.accepts + "; " + place.expected));
    }

    /** Where a body that is not JSON breaks, as a client counts columns: in characters (jackson counts bytes). */
    private static JsonLocation brokenAt(byte[] body) {
        try (JsonParser parser = StrictJson.JSON.createParser(new String(body, StandardCharsets.UTF_8))) {
            while (parser.nextToken() != null) {
                parser.skipChildren(); // reads every token inside, to the one that breaks
            }
            return null;
        } catch (StreamReadException broken) {
            return broken.getLocation();
        } catch (IOException e) {
            return null;
        }
    }

    /** The first fraction or exponent of a body, as written: the number serde refused, as it reads in order. */
    private static String firstFraction(byte[] body) {
        try (JsonParser parser = StrictJson.JSON.createParser(body)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.VALUE_NUMBER_FLOAT) {
                    return parser.getText();
                }
            }
            throw new IllegalStateException("a body refused for a fraction it does not hold");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private boolean has(String member) {
        return Arrays.stream(type.getRecordComponents()).anyMatch(component -> component.getName().equals(member));
    }

    private ApiException invalid(String problem) {
        return new ApiException(ErrorCode.VALIDATION_FAILED, problem + ": " + expected);
    }
}
