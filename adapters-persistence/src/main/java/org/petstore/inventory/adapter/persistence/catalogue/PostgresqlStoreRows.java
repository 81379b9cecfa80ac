package org.petstore.inventory.adapter.persistence.catalogue;

import io.micronaut.context.annotation.Requires;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;

/** The store's SQL on PostgreSQL. */
@JdbcRepository(dialect = Dialect.POSTGRES)
@Requires(property = DatabaseBackend.URL_PROPERTY, pattern = DatabaseBackend.POSTGRESQL_URL)
interface PostgresqlStoreRows extends StoreRows {
}
