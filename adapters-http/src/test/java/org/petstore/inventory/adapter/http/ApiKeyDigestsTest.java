package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.server.EmbeddedServer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A configured key entry {@code sha256:<64 hex digits>} stands for the key with that SHA-256 digest; plain keys and
 * digests may be mixed, and every one of them is accepted at once (rotation).
 */
@Property(name = "petstore.api-keys", value = ApiKeyDigestsTest.CONFIGURED)
class ApiKeyDigestsTest extends HttpAdapterTest {

    static final String DIGESTED_KEY = "digested-key-1";
    /** {@code printf %s digested-key-1 | sha256sum} */
    static final String DIGEST = "33d928975063d9e756f0fee6c5124153c7882f8433549cd5a0cacb6d84e2d761";
    /** The digest of one key, and a plain key. */
    static final String CONFIGURED = "sha256:" + DIGEST + ",plain-key-2";

    @Test
    void theDigestInTheTestIsTheDigestOfTheKey() {
        assertEquals(DIGEST, sha256Hex(DIGESTED_KEY));
    }

    @ParameterizedTest
    @ValueSource(strings = {DIGESTED_KEY, "plain-key-2"})
    void aKeyConfiguredByItsDigestOrPlainIsAccepted(String key) {
        assertEquals(200, api.get("/v1/inventory").bearer(key).send().status());
    }

    @ParameterizedTest
    @ValueSource(strings = {"sha256:" + DIGEST, DIGEST, "test-key-1"})
    void neitherTheDigestNorAKeyNoLongerConfiguredIsAKey(String presented) {
        assertError(api.get("/v1/inventory").bearer(presented).send(), 401, "UNAUTHORIZED",
                "The API key is not valid");
    }

    @Test
    void anEntryThatIsNotADigestStopsTheStart() {
        Map<String, Object> properties = Map.of("micronaut.server.port", -1,
                "petstore.api-keys", "good-key,sha256:not-a-digest");

        Throwable failure = assertThrows(RuntimeException.class,
                () -> ApplicationContext.run(EmbeddedServer.class, properties, "test").close());

        Throwable cause = failure;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        assertEquals("Entry 2 of petstore.api-keys (PETSTORE_API_KEYS) starts with 'sha256:' but is not followed by "
                + "the 64 hex digits of a SHA-256 digest: compute one with: printf %s \"$KEY\" | sha256sum",
                cause.getMessage());
    }

    static String sha256Hex(String key) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
