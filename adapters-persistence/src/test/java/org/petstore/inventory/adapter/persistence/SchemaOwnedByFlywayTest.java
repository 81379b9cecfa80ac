package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.ApplicationContext;
import io.micronaut.data.jdbc.config.SchemaGenerator;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.PetRepository;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;

/**
 * Flyway owns the schema ({@link SchemaOwnedByFlyway}): Micronaut Data's schema generator does not run at the start, the
 * migrations made the tables, and the repositories that map entities work without it (the entity registry the
 * generator built at every start is built when they first need it).
 */
class SchemaOwnedByFlywayTest {

    @Test
    void theSchemaIsFlywaysAndTheMappedRepositoriesWork() {
        try (ApplicationContext context = ApplicationContext.run(Map.of(
                "datasources.default.url", "jdbc:h2:mem:schema-owned;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                        + "DEFAULT_NULL_ORDERING=HIGH",
                "petstore.demo-data", true))) {
            // the beans created so far: a lookup by its type would create the generator
            assertTrue(context.getActiveBeanRegistrations(SchemaGenerator.class).isEmpty(),
                    "Micronaut Data's schema generator ran at the start");

            Optional<Pet> pet = context.getBean(PetRepository.class).findById(new PetId(1));

            assertEquals(new PetId(1), pet.orElseThrow().id());
        }
    }
}
