package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.OrderRepository;
import org.petstore.inventory.application.port.outbound.PetRepository;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.PetId;

/** PostgreSQL without {@code petstore.demo-data}: the schema only, no demo data. */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresqlWithoutDemoDataTest implements TestPropertyProvider {

    @Inject
    InventoryRepository inventory;

    @Inject
    PetRepository pets;

    @Inject
    OrderRepository orders;

    @Override
    public Map<String, String> getProperties() {
        return TestPostgres.newDatabase();
    }

    @Test
    void theStoreIsEmpty() {
        try (InventorySnapshot entries = inventory.streamAll()) {
            assertEquals(List.of(), entries.items().toList());
        }
        assertEquals(Optional.empty(), pets.findById(PetId.of(5)));
        assertEquals(List.of(), orders.findAll());
    }
}
