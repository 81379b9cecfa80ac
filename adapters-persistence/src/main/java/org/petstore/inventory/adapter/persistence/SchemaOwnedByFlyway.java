package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.data.jdbc.config.SchemaGenerator;

/**
 * The inventory's schema is Flyway's ({@link StoreMigrations}): Micronaut Data's schema generator, which creates tables
 * from the mapped entities when a datasource's {@code schema-generate} asks for it, never runs here (the service offers
 * no such setting). This bean takes its place, as nothing: at every start the generator built the runtime entity
 * registry (every mapped entity introspected) before it read that setting, on the thread that starts the service. The
 * registry is now built when a repository first needs it.
 */
@Context
@Replaces(SchemaGenerator.class)
final class SchemaOwnedByFlyway {
}
