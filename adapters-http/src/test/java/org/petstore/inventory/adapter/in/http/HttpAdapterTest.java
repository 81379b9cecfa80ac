package org.petstore.inventory.adapter.in.http;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/**
 * The HTTP adapter on its real server, with the use cases replaced by {@link InMemoryInventory}, reset to its seed
 * before each test.
 */
@MicronautTest
abstract class HttpAdapterTest {

    @Inject
    ApiClient api;

    @Inject
    InMemoryInventory inventory;

    @BeforeEach
    void seed() {
        inventory.reset();
    }
}
