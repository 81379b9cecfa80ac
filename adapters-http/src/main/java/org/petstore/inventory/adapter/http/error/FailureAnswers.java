package org.petstore.inventory.adapter.http.error;

import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The {@code Error} answer to a failure, for the refusals written in the Netty pipeline before a request reaches
 * Micronaut (too many connections, a request head too slow): the same {@link ErrorBody} JSON as Micronaut's error
 * handling writes.
 */
@Singleton
public final class FailureAnswers {

    private final JsonMapper json;

    FailureAnswers(JsonMapper json) {
        this.json = json;
    }

    /** The answer to an error of the API: its status and its {@code Error} body as JSON. */
    public Answer answer(ApiException error) {
        try {
            return new Answer(error.code().status().getCode(), json.writeValueAsBytes(ErrorBody.of(error)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @param json the {@code Error} body */
    public record Answer(int status, byte[] json) {
    }
}
