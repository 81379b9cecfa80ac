package org.petstore.inventory.adapter.http.drain;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;

/**
 * {@code petstore.shutdown}: how the service stops on SIGTERM.
 *
 * @param drain       how long it keeps serving, readiness 503 and every response with {@code Connection: close},
 *                    before the listener stops accepting; afterwards, a connection on which nothing arrived for this
 *                    long is closed as idle ({@code PETSTORE_SHUTDOWN_DRAIN})
 * @param gracePeriod how long after that the requests still in flight may take before their connections are cut
 *                    and the application stops ({@code PETSTORE_SHUTDOWN_GRACE_PERIOD})
 */
@ConfigurationProperties("petstore.shutdown")
public record ShutdownConfiguration(@Bindable(defaultValue = "5s") Duration drain,
                                    @Bindable(defaultValue = "15s") Duration gracePeriod) {
}
