package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.Caller;
import org.petstore.inventory.application.port.inbound.CreateKeyCommand;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;
import org.petstore.inventory.application.port.inbound.IssuedKey;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.KeyOverlap;
import org.petstore.inventory.domain.access.KeySecret;
import org.petstore.inventory.domain.access.Scope;
import org.petstore.inventory.domain.access.Scopes;

/**
 * A managed key (a {@code pst_} secret) authenticates as a configured one does: by its id, never its secret, with
 * the scopes it holds. One that was revoked or expired is 401 with {@code error="invalid_token"} and says since when;
 * one that was never valid is the 401 of any wrong key; a database that cannot be asked about a key not seen before
 * is 503.
 */
class ManagedKeyAuthenticationTest extends HttpAdapterTest {

    private static final String INVALID_TOKEN = "Bearer realm=\"petstore\", error=\"invalid_token\"";

    @Test
    void aManagedKeyIsTheAuthenticationsNameInTheLedgerAndTheIdempotencyScope() {
        ApiResponse response = api.request("POST", "/v1/inventory/1/adjustments").bearer(keys.secretOf("till-1"))
                .header("Idempotency-Key", "\"sale-1\"").json("{\"delta\":-1}").send();

        assertJson(response, 200, "{\"petId\":1,\"quantity\":11,\"status\":\"available\"}");
        var command = inventory.commands().getFirst();
        assertEquals(keys.idOf("till-1"), command.changes().getFirst().origin().keyId());
        assertEquals(keys.idOf("till-1"), ((IdempotencyKey.Of) command.key()).request().scope());
    }

    @Test
    void aRevokedKeyIs401SayingWhen() {
        keys.revoke(keys.idOf("till-1"), Caller.OPERATOR);

        ApiResponse response = api.get("/v1/inventory").bearer(keys.secretOf("till-1")).send();

        assertError(response, 401, "UNAUTHORIZED", "This API key (" + keys.idOf("till-1")
                + ") was revoked at 2026-11-28T10:00:00Z");
        assertHeader(response, "WWW-Authenticate", INVALID_TOKEN);
    }

    @Test
    void anExpiredKeyIs401SayingWhen() {
        IssuedKey temporary = keys.create(new CreateKeyCommand(new KeyName("temporary"),
                Scopes.of(Scope.INVENTORY_READ), Instant.parse("2026-12-01T00:00:00Z")), Caller.OPERATOR);
        assertEquals(200, api.get("/v1/inventory").bearer(temporary.secret()).send().status());

        keys.advanceTo(Instant.parse("2026-12-01T00:00:00Z"));
        ApiResponse response = api.get("/v1/inventory").bearer(temporary.secret()).send();

        assertError(response, 401, "UNAUTHORIZED", "This API key (" + temporary.key().id()
                + ") expired at 2026-12-01T00:00:00Z");
        assertHeader(response, "WWW-Authenticate", INVALID_TOKEN);
    }

    @Test
    void aRevokedKeyIsRefusedBeforeTheBodyAndChangesNothing() {
        keys.revoke(keys.idOf("till-1"), Caller.OPERATOR);

        ApiResponse response = api.patch("/v1/inventory/1").bearer(keys.secretOf("till-1")).json("{\"quantity\":")
                .send();

        assertEquals(401, response.status(), response::toString);
        inventory.assertUntouched();
    }

    @Test
    void aRotatedKeysOldSecretWorksForTheOverlapAndIsThen401() {
        String old = keys.secretOf("till-1");
        String rotated = keys.rotate(keys.idOf("till-1"), KeyOverlap.parse("PT1H"), Caller.OPERATOR).secret();

        assertEquals(200, api.get("/v1/inventory").bearer(old).send().status());
        assertEquals(200, api.get("/v1/inventory").bearer(rotated).send().status());
        keys.advanceTo(Instant.parse("2026-11-28T11:00:00Z"));
        assertError(api.get("/v1/inventory").bearer(old).send(), 401, "UNAUTHORIZED",
                "This API key (" + keys.idOf("till-1") + ") expired at 2026-11-28T11:00:00Z");
        assertEquals(200, api.get("/v1/inventory").bearer(rotated).send().status());
    }

    @Test
    void aSecretThatWasNeverAKeyIsTheUsual401() {
        String secret = keys.secretOf("till-1");
        String wellFormed = KeySecret.generate(new Random(7));
        String mistyped = secret.substring(0, 10) + (secret.charAt(10) == 'a' ? 'b' : 'a') + secret.substring(11);

        for (String key : List.of(wellFormed, mistyped, "pst_short")) {
            ApiResponse response = api.get("/v1/inventory").bearer(key).send();
            assertError(response, 401, "UNAUTHORIZED", "The API key is not valid");
            assertHeader(response, "WWW-Authenticate", INVALID_TOKEN);
        }
    }

    @Test
    void aDatabaseThatCannotBeAskedAboutAKeyNotSeenBeforeIs503() {
        keys.storeUnavailable(true);

        ApiResponse response = api.get("/v1/inventory").bearer(keys.secretOf("till-1")).send();
        keys.storeUnavailable(false);

        assertError(response, 503, "SERVICE_UNAVAILABLE",
                "The database is temporarily unavailable; nothing was changed, try again shortly");
        assertEquals(200, api.get("/v1/inventory").bearer(keys.secretOf("till-1")).send().status());
    }

    @Test
    void aConfiguredKeyIsNeverAskedOfTheStore() {
        int lookups = keys.storeLookups();
        keys.storeUnavailable(true);

        assertEquals(200, api.get("/v1/inventory").authorized().send().status());
        assertEquals(lookups, keys.storeLookups(), "the store was not asked");
    }
}
