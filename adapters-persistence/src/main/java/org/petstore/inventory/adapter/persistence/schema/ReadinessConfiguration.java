package org.petstore.inventory.adapter.persistence.schema;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;

/**
 * {@code petstore.readiness}: how long the readiness check waits for the database to answer before it reports the
 * service not ready (environment: {@code PETSTORE_READINESS_DATABASE_TIMEOUT}).
 *
 * @param databaseTimeout at most this long for a connection and its validation
 */
@ConfigurationProperties("petstore.readiness")
record ReadinessConfiguration(@Bindable(defaultValue = "2s") Duration databaseTimeout) {
}
