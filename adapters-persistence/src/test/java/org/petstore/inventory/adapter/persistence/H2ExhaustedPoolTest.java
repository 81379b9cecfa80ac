package org.petstore.inventory.adapter.persistence;

import static org.petstore.inventory.application.port.outbound.Updates.updateQuantity;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.ApiKeyStore;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.Scope;
import org.petstore.inventory.domain.access.Scopes;

/**
 * A pool that has no connection to give within its timeout is a database that cannot be reached: every inventory call
 * is {@link StorageUnavailableException}, a list already when it is opened (before any entry), and so is every call of
 * the API key store; the calls work again once a connection is back. The pool has two connections (Flyway needs two at
 * startup), both held by open lists.
 */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
@Property(name = "datasources.default.maximum-pool-size", value = "2")
@Property(name = "datasources.default.connection-timeout", value = "250")
class H2ExhaustedPoolTest {

    private static final KeyId KEY = new KeyId("key-00000000000a");
    private static final String DIGEST = ApiKeyStore.digest("a secret");

    @Inject
    InventoryRepository repository;

    @Inject
    ApiKeyStore keys;

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
            assertKeyStoreUnavailable();
        } finally {
            holdingOneConnection.close();
            holdingTheOther.close();
        }

        try (InventorySnapshot again = repository.streamAll()) {
            assertDoesNotThrow(() -> again.items().toList());
        }
        assertDoesNotThrow(() -> repository.findByPetId(PetId.of(1)));
        assertDoesNotThrow(() -> keys.findBySecretDigest(DIGEST));
    }

    private void assertKeyStoreUnavailable() {
        Instant now = Instant.now();
        assertAll(
                () -> assertThrows(StorageUnavailableException.class, () -> keys.add(new ApiKey(KEY,
                        new KeyName("down"), Scopes.of(Scope.INVENTORY_READ), now, null, null, null), DIGEST)),
                () -> assertThrows(StorageUnavailableException.class, () -> keys.findBySecretDigest(DIGEST)),
                () -> assertThrows(StorageUnavailableException.class, () -> keys.secretsOf(List.of(KEY))),
                () -> assertThrows(StorageUnavailableException.class, keys::list),
                () -> assertThrows(StorageUnavailableException.class, () -> keys.find(KEY)),
                () -> assertThrows(StorageUnavailableException.class, () -> keys.revoke(KEY, now)),
                () -> assertThrows(StorageUnavailableException.class, () -> keys.rotate(KEY, DIGEST, now)),
                () -> assertThrows(StorageUnavailableException.class, () -> keys.recordUse(Map.of(KEY, now))));
    }
}
