package org.petstore.inventory.adapter.http;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/**
 * The HTTP adapter on its real server, with the use cases replaced by {@link InMemoryInventory},
 * {@link InMemoryPetsAndOrders}, {@link InMemoryApiKeys} and {@link InMemoryQuotas}, reset before each test.
 */
@MicronautTest
abstract class HttpAdapterTest {

    @Inject
    ApiClient api;

    @Inject
    InMemoryInventory inventory;

    @Inject
    InMemoryPetsAndOrders petsAndOrders;

    @Inject
    InMemoryApiKeys keys;

    @Inject
    InMemoryQuotas quotas;

    @BeforeEach
    void seed() {
        inventory.reset();
        petsAndOrders.reset();
        keys.reset();
        quotas.reset();
    }
}
