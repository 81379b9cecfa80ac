package org.petstore.inventory.adapter.http.body;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.Ordered;
import io.micronaut.core.type.Argument;
import io.micronaut.core.type.Headers;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.body.MessageBodyReader;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;

/**
 * The one job serde leaves for the bodies bound strictly (each feature's {@link BodyShapes}): the body as it was
 * written. This reader hands serde the bytes to bind ({@link StrictValues}) and keeps what serde does not see of them:
 * that they are JSON by their media type (no {@code Content-Type}: 415), that nothing follows the JSON value (serde
 * reads one and stops), and, for {@link BodyRefusals}, a refused number as it was written (serde keeps its value:
 * {@code 1e2} reads 100.0).
 */
@Singleton
@Consumes(MediaType.APPLICATION_JSON)
@Order(Ordered.HIGHEST_PRECEDENCE) // before Micronaut's JSON handler, which reads every type
final class StrictJson<T> implements MessageBodyReader<T> {

    static final JsonFactory JSON = JsonFactory.builder().build();

    private final JsonMapper serde;
    private final Map<Class<?>, BodyShape> shapes;

    StrictJson(JsonMapper serde, List<BodyShapes> features) {
        this.serde = serde;
        this.shapes = features.stream().flatMap(feature -> feature.bodies().stream())
                .collect(Collectors.toUnmodifiableMap(BodyShape::type, Function.identity()));
    }

    private Optional<BodyShape> shapeOf(Class<?> type) {
        return Optional.ofNullable(shapes.get(type));
    }

    @Override
    public boolean isReadable(Argument<T> type, @Nullable MediaType mediaType) {
        return shapeOf(type.getType()).isPresent();
    }

    @Override
    public T read(Argument<T> type, @Nullable MediaType mediaType, Headers headers, InputStream stream) {
        if (mediaType == null) {
            throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
        }
        BodyShape shape = shapeOf(type.getType()).orElseThrow();
        byte[] body = new byte[0];
        try {
            body = stream.readAllBytes();
            T value = serde.readValue(body, type);
            try (JsonParser written = JSON.createParser(body)) {
                written.nextToken();
                if (value == null || written.skipChildren().nextToken() != null) {
                    throw value == null ? BodyRefusals.notAnObject(shape) : BodyRefusals.somethingAfter(shape);
                }
            }
            return value;
        } catch (IOException | RuntimeException refused) {
            throw BodyRefusals.refusal(shape, refused, body);
        }
    }
}
