package org.petstore.inventory.adapter.http.drain;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;

/**
 * {@code petstore.shutdown}: how the service stops on SIGTERM.
 *
 * @param drain how long it keeps serving, readiness 503 and every response with {@code Connection: close}, before
 *              Micronaut's graceful shutdown closes the listener ({@code PETSTORE_SHUTDOWN_DRAIN})
 */
@ConfigurationProperties("petstore.shutdown")
public record ShutdownConfiguration(@Bindable(defaultValue = "5s") Duration drain) {
}
