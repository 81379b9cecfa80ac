package org.petstore.inventory.adapter.http.inventory;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.io.buffer.ByteBuffer;
import io.micronaut.core.io.buffer.ReferenceCounted;
import io.micronaut.core.order.Ordered;
import io.micronaut.core.type.Argument;
import io.micronaut.core.type.Headers;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.body.MessageBodyReader;
import io.micronaut.http.codec.CodecException;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;

/**
 * The one job serde leaves for the bodies that change stock: the body as it was written. Serde binds a body into its
 * record ({@link StrictValues}); this reader hands it the bytes and keeps what serde does not see of them: a body
 * without a {@code Content-Type} (415: not JSON by its media type), anything after the JSON value (serde reads one
 * value and stops), and a refused number as it was written (serde keeps its value: {@code 1e2} would read 100.0).
 * Every refusal is worded by {@link BodyRefusals}.
 */
@Singleton
@Consumes(MediaType.APPLICATION_JSON)
final class StrictJson<T extends StrictJson.Body> implements MessageBodyReader<T>, Ordered {

    /** A body that changes stock, read by this reader. */
    interface Body {
    }

    private static final JsonFactory JSON = JsonFactory.builder().build();

    /** The body a route bound, which it requires: an empty one is 400, or 415 without a {@code Content-Type}. */
    static <B extends Body> B sent(@Nullable B body, Class<B> type, HttpRequest<?> request) {
        if (body == null) {
            throw request.getContentType().isEmpty() ? new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE)
                    : BodyRefusals.of(type).required();
        }
        return body;
    }

    private final JsonMapper serde;

    StrictJson(JsonMapper serde) {
        this.serde = serde;
    }

    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE; // before Micronaut's JSON handler, which reads every type
    }

    @Override
    public boolean isReadable(Argument<T> type, @Nullable MediaType mediaType) {
        return Body.class.isAssignableFrom(type.getType());
    }

    @Override
    public T read(Argument<T> type, @Nullable MediaType mediaType, Headers headers, ByteBuffer<?> buffer) {
        T body = read(type, mediaType, buffer.toByteArray());
        if (buffer instanceof ReferenceCounted counted) {
            counted.release(); // as Micronaut's JSON handler does: the binder releases the buffer of a refused body
        }
        return body;
    }

    @Override
    public T read(Argument<T> type, @Nullable MediaType mediaType, Headers headers, InputStream stream) {
        try {
            return read(type, mediaType, stream.readAllBytes());
        } catch (IOException e) {
            throw new CodecException("The request body could not be read", e);
        }
    }

    private T read(Argument<T> type, @Nullable MediaType mediaType, byte[] body) {
        if (mediaType == null) {
            throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
        }
        BodyRefusals refusals = BodyRefusals.of(type.getType());
        T value;
        try {
            value = serde.readValue(body, type);
        } catch (IOException | RuntimeException refused) {
            throw refusals.refusal(refused, () -> firstFraction(body));
        }
        if (value == null) {
            throw refusals.notAnObject();
        }
        try (JsonParser parser = JSON.createParser(body)) {
            parser.nextToken();
            parser.skipChildren();
            if (parser.nextToken() != null) {
                throw refusals.somethingAfter();
            }
        } catch (IOException somethingAfter) {
            throw refusals.refusal(somethingAfter, null);
        }
        return value;
    }

    /** The first fraction or exponent in a body, as written: the number serde refused, since it reads in order. */
    private static String firstFraction(byte[] body) {
        try (JsonParser parser = JSON.createParser(body)) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token == JsonToken.VALUE_NUMBER_FLOAT) {
                    return parser.getText();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("a number was refused as no whole number, and the body has none");
    }
}
