package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import io.micronaut.context.annotation.Property;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;

/**
 * Where an operator switches micronaut-security off (MICRONAUT_SECURITY_ENABLED=false), an update is answered as
 * always; the stock ledger then records the change without a key id, and idempotency keys are all in one scope.
 */
@Property(name = "micronaut.security.enabled", value = "false")
class SecurityOffUpdateTest extends HttpAdapterTest {

    @Test
    void anUpdateWithoutSecurityIsAnsweredAndRecordedWithoutAKeyId() {
        assertJson(api.patch("/v1/inventory/2").json("{\"quantity\":7}").send(), 200,
                "{\"petId\":2,\"quantity\":7,\"status\":\"sold\"}");

        assertEquals(1, inventory.commands().size());
        assertNull(inventory.changesAsked().getFirst().origin().keyId());
    }

    @Test
    void anAdjustmentWithoutSecurityKeepsItsIdempotencyKeyInTheOneScopeOfNoApiKey() {
        ApiResponse first = api.request("POST", "/v1/inventory/2/adjustments").header("Idempotency-Key", "\"k\"")
                .json("{\"delta\":4}").send();
        ApiResponse retry = api.request("POST", "/v1/inventory/2/adjustments").header("Idempotency-Key", "\"k\"")
                .json("{\"delta\":4}").send();

        assertJson(first, 200, "{\"petId\":2,\"quantity\":4,\"status\":\"sold\"}");
        IdempotencyKeyTest.assertSameAnswer(first, retry);
        assertEquals("-", ((IdempotencyKey.Of) inventory.commands().getFirst().key()).request().scope());
        assertNull(inventory.changesAsked().getFirst().origin().keyId());
    }
}
