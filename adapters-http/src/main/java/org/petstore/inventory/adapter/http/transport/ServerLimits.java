package org.petstore.inventory.adapter.http.transport;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.exceptions.ConfigurationException;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;

/**
 * {@code petstore.server}: what a connection may take of the server.
 *
 * @param requestHeadTimeout how long a client has, from the first byte of a request, to send its whole request line
 *                           and headers; then it is answered 408 and the connection closed
 * @param maxConnections     how many connections may be open at once; one more is answered 503 and closed at once
 */
@ConfigurationProperties("petstore.server")
record ServerLimits(@Bindable(defaultValue = "10s") Duration requestHeadTimeout,
                    @Bindable(defaultValue = "20000") int maxConnections) {

    ServerLimits {
        if (requestHeadTimeout.isNegative() || requestHeadTimeout.isZero()) {
            throw new ConfigurationException("petstore.server.request-head-timeout must be positive, got "
                    + requestHeadTimeout);
        }
        if (maxConnections < 1) {
            throw new ConfigurationException("petstore.server.max-connections must be at least 1, got "
                    + maxConnections);
        }
    }
}
