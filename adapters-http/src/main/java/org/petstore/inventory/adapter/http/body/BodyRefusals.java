package org.petstore.inventory.adapter.http.body;

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
import java.util.List;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.domain.DomainException;

/**
 * The words for a body bound strictly that could not be bound (400): where the problem is (the body, or an object
 * inside it, such as a batch's change, {@code changes[i]}), what is wrong, and what to send instead ({@link BodyShape}).
 * Serde's path names the member it refused (one it does not know, or one it has seen:
 * {@code @JsonIgnoreProperties(ignoreUnknown = false)}); {@link StrictValues} says what is wrong with a value, and the
 * domain with a value out of its range; jackson-core where the JSON breaks.
 */
public final class BodyRefusals {

    private BodyRefusals() {
    }

    /** The body a route bound, which it requires: an empty one is 400, or 415 without a {@code Content-Type}. */
    public static <B> B sent(@Nullable B body, BodyShape shape, HttpRequest<?> request) {
        if (body == null) {
            throw request.getContentType().isEmpty() ? new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE)
                    : invalid(shape, "The request body is required");
        }
        return body;
    }

    static ApiException notAnObject(BodyShape shape) {
        return invalid(shape, "The request body must be a JSON object");
    }

    static ApiException somethingAfter(BodyShape shape) {
        return new ApiException(ErrorCode.MALFORMED_JSON, "The request body must hold one JSON object and nothing "
                + "after it: " + shape.expected());
    }

    /** The refusal of a body (as it was written) that could not be read, from the failure and its causes. */
    static RuntimeException refusal(BodyShape shape, Throwable failure, byte[] body) {
        BodyShape place = shape;
        String prefix = "";
        SerdeException refusedBySerde = null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            switch (cause) {
                case ApiException refused -> {
                    return refused;
                }
                case StreamConstraintsException _ -> {
                    return invalid(shape, "The request body is too complex");
                }
                case StreamReadException _ -> {
                    JsonLocation at = brokenAt(body);
                    return new ApiException(ErrorCode.MALFORMED_JSON, "The request body is not valid JSON"
                            + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")")
                            + ": " + shape.expected());
                }
                case EOFException _ -> {
                    return invalid(shape, "The request body is required");
                }
                case StrictValues.InvalidBody invalid -> {
                    String problem = invalid.getMessage().endsWith(StrictValues.WholeNumber.NOT_WHOLE)
                            ? invalid.getMessage() + EchoedInput.value(firstFraction(body)) : invalid.getMessage();
                    return new ApiException(ErrorCode.VALIDATION_FAILED, prefix + problem
                            + (invalid.followedByExpected() ? ": " + place.expected() : ""));
                }
                case DomainException outOfRange -> {
                    return new ApiException(ErrorCode.VALIDATION_FAILED, prefix + outOfRange.getMessage());
                }
                case StrictValues.InvalidElement element -> {
                    place = element.shape();
                    prefix = element.place() + ": ";
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
            return new ApiException(ErrorCode.VALIDATION_FAILED, prefix + place.noun() + " must be a JSON object: "
                    + place.expected());
        }
        String name = member.property().getName();
        return new ApiException(ErrorCode.VALIDATION_FAILED, prefix + (place.has(name)
                ? name + " must be given once: " + place.expected()
                : "Unknown member '" + EchoedInput.value(name) + "': " + place.accepts() + "; " + place.expected()));
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

    private static ApiException invalid(BodyShape shape, String problem) {
        return new ApiException(ErrorCode.VALIDATION_FAILED, problem + ": " + shape.expected());
    }
}
