package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Requires;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;

/** The store's SQL on PostgreSQL. */
@JdbcRepository(dialect = Dialect.POSTGRES)
@Requires(condition = BackendCondition.OnPostgresql.class)
interface PostgresqlStoreRows extends StoreRows {
}
