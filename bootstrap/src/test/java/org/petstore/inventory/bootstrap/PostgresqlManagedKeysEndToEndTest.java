package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Managed keys on PostgreSQL, and what only a shared database has: several instances, each of which accepts a key
 * created through another at its first request and refuses it within 5 s of its revocation through another; and the
 * launcher's {@code keys} command beside a running service.
 */
@Tag("wall-clock") // it asserts a bound of wall-clock time: no other test class runs beside it (pom.xml)
class PostgresqlManagedKeysEndToEndTest extends ManagedKeysEndToEndTest {

    @Override
    Backend newBackend() {
        return Backend.postgresqlWithDemoData();
    }

    @Test
    void aKeyCreatedThroughOneInstanceWorksOnAnotherAtOnceAndItsRevocationReachesItWithin5Seconds() throws Exception {
        Backend shared = newBackend();
        try (RunningService first = RunningService.start(shared);
             RunningService second = RunningService.start(shared)) {
            String[] till = create(first, "till-9", "\"inventory:write\"");
            assertEquals(200, get(second, till[1], "/v1/inventory").statusCode(), "at its first request");

            assertEquals(204, first.send(first.request("/v1/keys/" + till[0]).DELETE().build()).statusCode());
            long revoked = System.nanoTime();
            int status = 200;
            while (status == 200 && System.nanoTime() - revoked < 10_000_000_000L) {
                status = get(second, till[1], "/v1/inventory").statusCode();
                Thread.sleep(50);
            }
            long millis = (System.nanoTime() - revoked) / 1_000_000;
            assertEquals(401, status);
            assertTrue(millis < 5_000, "refused by the other instance after " + millis + " ms");
        }
    }

    @Test
    void theLaunchersKeysCommandCreatesListsRotatesAndRevokesKeysThatARunningServiceUses() {
        Backend backend = newBackend();
        try (RunningService service = RunningService.start(backend)) {
            CommandRun created = CommandRun.on(backend.properties(), "keys", "create", "--name", "till-4", "--scopes",
                    "inventory:read,inventory:write");
            assertEquals(0, created.exitCode(), created.toString());
            String secret = created.out().strip();
            assertTrue(secret.matches("pst_[0-9A-Za-z]{49}"), created.toString());
            String id = created.err().replaceAll("(?s).*created (key-[0-9a-f]{12}).*", "$1");
            assertEquals(200, get(service, secret, "/v1/inventory").statusCode());

            CommandRun listed = CommandRun.on(backend.properties(), "keys", "list");
            CommandRun rotated = CommandRun.on(backend.properties(), "keys", "rotate", id);
            CommandRun unknownScope = CommandRun.on(backend.properties(), "keys", "create", "--name", "x", "--scopes",
                    "inventory:delete");
            CommandRun noAction = CommandRun.on(backend.properties(), "keys");
            CommandRun unknownKey = CommandRun.on(backend.properties(), "keys", "revoke", "key-000000000000");
            CommandRun longOverlap = CommandRun.on(backend.properties(), "keys", "rotate", id, "--overlap", "P8D");
            assertAll(
                    () -> assertEquals(0, listed.exitCode(), listed.toString()),
                    () -> assertTrue(listed.out().contains(id + "\ttill-4\tinventory:read,inventory:write\t"),
                            listed.toString()),
                    () -> assertEquals(0, rotated.exitCode(), rotated.toString()),
                    () -> assertTrue(rotated.out().strip().matches("pst_[0-9A-Za-z]{49}"), rotated.toString()),
                    () -> assertEquals(1, unknownScope.exitCode(), unknownScope.toString()),
                    () -> assertEquals(List.of("keys create: scopes: 'inventory:delete' is not a scope; the scopes are "
                            + "inventory:read, inventory:write, keys:admin, webhooks:admin; nothing was changed"),
                            unknownScope.errLines()),
                    () -> assertEquals(2, noAction.exitCode(), noAction.toString()),
                    () -> assertEquals("petstore-inventory keys: Missing required subcommand",
                            noAction.errLines().getFirst()),
                    () -> assertEquals(1, unknownKey.exitCode(), unknownKey.toString()),
                    () -> assertEquals(List.of("keys revoke: No API key has the id key-000000000000; nothing was "
                            + "changed"), unknownKey.errLines()),
                    () -> assertEquals(1, longOverlap.exitCode(), longOverlap.toString()),
                    () -> assertEquals(List.of("keys rotate: overlap must be from PT0S to P7D (an ISO-8601 duration "
                            + "such as PT24H), got PT192H; nothing was changed"), longOverlap.errLines()));
            String newSecret = rotated.out().strip();
            HttpResponse<String> withNew = get(service, newSecret, "/v1/inventory");
            assertEquals(200, withNew.statusCode());

            CommandRun revoked = CommandRun.on(backend.properties(), "keys", "revoke", id);
            assertEquals(0, revoked.exitCode(), revoked.toString());
            assertEquals(List.of("keys revoke: " + id + " \"till-4\" (inventory:read,inventory:write) is revoked"),
                    revoked.errLines());
        }
    }
}
