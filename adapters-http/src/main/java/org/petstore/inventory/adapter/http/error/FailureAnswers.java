package org.petstore.inventory.adapter.http.error;

import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code Error} answer to a failure, for answers written outside Micronaut's error handling (the fast routes):
 * the same {@link ErrorTranslation}, the same JSON, so a client cannot tell which path answered. A failure that
 * stands for no error of the API is a fault of the service: 500 {@code INTERNAL_ERROR}, logged with its stack trace.
 */
@Singleton
public final class FailureAnswers {

    private static final Logger LOG = LoggerFactory.getLogger(FailureAnswers.class);

    private final ErrorTranslation translation;
    private final JsonMapper json;

    FailureAnswers(ErrorTranslation translation, JsonMapper json) {
        this.translation = translation;
        this.json = json;
    }

    /** The answer to the failure: its status and its {@code Error} body as JSON. */
    public Answer answer(Throwable failure) {
        ApiException error = translation.translate(failure).orElseGet(() -> {
            LOG.error("Unexpected error occurred: {}", failure.getMessage(), failure);
            return new ApiException(ErrorCode.INTERNAL_ERROR);
        });
        return answer(error);
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
