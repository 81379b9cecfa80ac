package org.petstore.inventory.adapter.http.observability;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * {@code petstore.access-log} (environment: {@code PETSTORE_ACCESS_LOG}): one line per request on the logger
 * {@code petstore.access}, on by default.
 */
@ConfigurationProperties("petstore")
record AccessLogConfiguration(@Bindable(defaultValue = "true") boolean accessLog) {
}
