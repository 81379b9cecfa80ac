package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Requires;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;

/** The store's SQL on H2. */
@JdbcRepository(dialect = Dialect.H2)
@Requires(condition = BackendCondition.OnH2.class)
interface H2StoreRows extends StoreRows {
}
