package org.petstore.inventory.adapter.http.transport;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * {@code petstore.server.fast-routes} ({@code PETSTORE_SERVER_FAST_ROUTES}): whether the {@link FastRoutes} answer the
 * requests they take straight from Netty. Default true; false: every request goes through Micronaut's router. A typed
 * setting, so that a value that is not a switch stops the start with one line instead of being read as "on".
 */
@ConfigurationProperties("petstore.server")
record FastRoutesSwitch(@Bindable(defaultValue = "true") boolean fastRoutes) {
}
