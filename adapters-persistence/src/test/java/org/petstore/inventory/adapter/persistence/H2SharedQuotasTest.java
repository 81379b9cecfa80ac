package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.ApplicationContext;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.ApiKeyStore;
import org.petstore.inventory.application.port.outbound.SharedQuotas;

/** On H2, the embedded default (one process), there are no shared quotas: each key's quota is kept in the process. */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
class H2SharedQuotasTest {

    @Inject
    ApplicationContext context;

    @Test
    void thereIsNoSharedQuotasBeanOnH2() {
        assertEquals(Optional.empty(), context.findBean(SharedQuotas.class));
        assertTrue(context.findBean(ApiKeyStore.class).isPresent(), "the keys themselves are stored");
    }
}
