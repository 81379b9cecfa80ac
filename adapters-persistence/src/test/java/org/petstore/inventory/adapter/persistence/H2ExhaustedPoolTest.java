package org.petstore.inventory.adapter.persistence;

import static org.petstore.inventory.application.port.outbound.Updates.updateQuantity;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * A pool that has no connection to give within its timeout is a
 * database that cannot be reached: every inventory call is {@link StorageUnavailableException}, a list already when
 * it is opened (before any entry), and the calls work again once a connection is back. The pool has two connections
 * (Flyway needs two at startup), both held by open lists.
 */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
@Property(name = "datasources.default.maximum-pool-size", value = "2")
@Property(name = "datasources.default.connection-timeout", value = "250")
class H2ExhaustedPoolTest {

    @Inject
    InventoryRepository repository;

    @Test
    void withoutAConnectionEveryCallIsUnavailableUntilOneIsBack() {
        InventorySnapshot holdingOneConnection = repository.streamAll();
        InventorySnapshot holdingTheOther = repository.streamAll();
        try {
            assertThrows(StorageUnavailableException.class, repository::streamAll);
            assertThrows(StorageUnavailableException.class, () -> repository.findByPetId(PetId.of(1)));
            assertThrows(StorageUnavailableException.class,
                    () -> updateQuantity(repository, PetId.of(1), Quantity.of(1), ChangeOrigin.api(null, null, null)));
            assertThrows(StorageUnavailableException.class, repository::currentVersion);
            assertThrows(StorageUnavailableException.class, () -> updateQuantity(repository, PetId.of(1),
                    Quantity.of(1), ExpectedVersions.oneOf(EntryVersion.FIRST), ChangeOrigin.api(null, null, null)));
        } finally {
            holdingOneConnection.close();
            holdingTheOther.close();
        }

        try (InventorySnapshot again = repository.streamAll()) {
            assertDoesNotThrow(() -> again.items().toList());
        }
        assertDoesNotThrow(() -> repository.findByPetId(PetId.of(1)));
    }
}
