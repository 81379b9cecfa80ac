package org.petstore.inventory.adapter.persistence.catalogue;

import io.micronaut.context.annotation.Requires;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;

/** The store's SQL on H2. */
@JdbcRepository(dialect = Dialect.H2)
@Requires(property = DatabaseBackend.URL_PROPERTY, pattern = DatabaseBackend.H2_URL)
interface H2StoreRows extends StoreRows {
}
