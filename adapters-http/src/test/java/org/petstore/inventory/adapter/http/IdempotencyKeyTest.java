package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.petstore.inventory.application.port.inbound.ChangeStockCommand;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.IdempotentRequest;

/**
 * The {@code Idempotency-Key} of the stock movements (experimental): a retry with the same key and request gets the
 * first answer again (status, body, {@code ETag}) and changes nothing, the same key with another request is 422, a
 * key in use 409, a malformed key 400; without a key every request is carried out.
 */
class IdempotencyKeyTest extends HttpAdapterTest {

    private static final String ADJUST = "/v1/inventory/1/adjustments";
    private static final String SEND = ": send one key of 1 to 255 printable ASCII characters in double quotes, "
            + "such as Idempotency-Key: \"8e03978e-40d5-43e8-bc93-6894a57f9324\"";
    private static final String MALFORMED = "Idempotency-Key must be a string in double quotes (printable ASCII, "
            + "with \\\" and \\\\ escaped) or a key without quotes, spaces, commas or backslashes" + SEND;

    @Test
    void aRetryWithTheSameKeyGetsTheFirstAnswerAndChangesNothing() {
        ApiResponse first = post(ADJUST, "{\"delta\":-2,\"reason\":\"sale\"}", "\"sale-4711\"");
        ApiResponse retry = post(ADJUST, "{\"delta\":-2,\"reason\":\"sale\"}", "\"sale-4711\"");

        assertJson(first, 200, "{\"petId\":1,\"quantity\":10,\"status\":\"available\"}");
        assertHeader(first, "ETag", "\"1.2\"");
        assertSameAnswer(first, retry);
        assertJson(api.get("/v1/inventory/1").authorized().send(), 200,
                "{\"petId\":1,\"quantity\":10,\"status\":\"available\"}");
        assertEquals(1, inventory.changes().size(), "changes recorded");
    }

    @Test
    void theRetryIsAnsweredAsTheFirstRequestWasEvenAfterTheEntryMovedOn() {
        ApiResponse first = post(ADJUST, "{\"delta\":3}", "k-1");
        api.patch("/v1/inventory/1").authorized().json("{\"quantity\":40}").send();

        ApiResponse retry = post(ADJUST, "{\"delta\":3}", "k-1");

        assertSameAnswer(first, retry);
        assertJson(retry, 200, "{\"petId\":1,\"quantity\":15,\"status\":\"available\"}");
        assertJson(api.get("/v1/inventory/1").authorized().send(), 200,
                "{\"petId\":1,\"quantity\":40,\"status\":\"available\"}");
    }

    @Test
    void aKeyWithOrWithoutQuotesIsTheSameKey() {
        ApiResponse first = post(ADJUST, "{\"delta\":1}", "\"8e03978e-40d5-43e8-bc93-6894a57f9324\"");
        ApiResponse retry = post(ADJUST, "{\"delta\":1}", "8e03978e-40d5-43e8-bc93-6894a57f9324");

        assertSameAnswer(first, retry);
        assertEquals(1, inventory.changes().size(), "changes recorded");
    }

    @Test
    void aRefusalIsKeptAndReplayedEvenWhenTheRequestWouldNowSucceed() {
        ApiResponse first = post(ADJUST, "{\"delta\":-20}", "\"refill-first\"");
        api.patch("/v1/inventory/1").authorized().json("{\"quantity\":50}").send();

        ApiResponse retry = post(ADJUST, "{\"delta\":-20}", "\"refill-first\"");

        assertError(first, 409, "INSUFFICIENT_STOCK",
                "Pet 1 has 12 in stock: a delta of -20 would leave -8; nothing was changed");
        assertSameAnswer(first, retry);
        assertJson(api.get("/v1/inventory/1").authorized().send(), 200,
                "{\"petId\":1,\"quantity\":50,\"status\":\"available\"}");
    }

    @Test
    void aStaleIfMatchIsKeptAndReplayedAs412() {
        ApiResponse first = api.request("POST", ADJUST).authorized().header("If-Match", "\"1.5\"")
                .header("Idempotency-Key", "\"k-412\"").json("{\"delta\":1}").send();
        ApiResponse retry = api.request("POST", ADJUST).authorized().header("If-Match", "\"1.5\"")
                .header("Idempotency-Key", "\"k-412\"").json("{\"delta\":1}").send();

        assertEquals(412, first.status(), first::toString);
        assertSameAnswer(first, retry);
    }

    @Test
    void theSameKeyWithAnotherRequestIs422AndChangesNothing() {
        post(ADJUST, "{\"delta\":1}", "\"k-2\"");
        List<ApiResponse> others = List.of(
                post(ADJUST, "{\"delta\":2}", "\"k-2\""),
                post("/v1/inventory/10/adjustments", "{\"delta\":1}", "\"k-2\""),
                post(ADJUST, "{\"delta\":1,\"reason\":\"arrival\"}", "\"k-2\""),
                post(ADJUST, "{\"delta\": 1}", "\"k-2\""));

        for (ApiResponse other : others) {
            assertError(other, 422, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used with another request "
                    + "(method, path or body): send a new key for a new request");
        }
        assertEquals(1, inventory.changes().size(), "changes recorded");
        assertJson(api.get("/v1/inventory/10").authorized().send(), 200,
                "{\"petId\":10,\"quantity\":3,\"status\":\"pending\"}");
    }

    @Test
    void keysAreScopedToTheApiKey() {
        ApiResponse first = post(ADJUST, "{\"delta\":1}", "\"shared\"");
        ApiResponse otherClient = api.request("POST", ADJUST).bearer(ApiClient.ROTATED_KEY)
                .header("Idempotency-Key", "\"shared\"").json("{\"delta\":1}").send();

        assertJson(first, 200, "{\"petId\":1,\"quantity\":13,\"status\":\"available\"}");
        assertJson(otherClient, 200, "{\"petId\":1,\"quantity\":14,\"status\":\"available\"}");
    }

    @Test
    void withoutAKeyEachRequestIsCarriedOut() {
        ApiResponse first = api.request("POST", ADJUST).authorized().json("{\"delta\":-1}").send();
        ApiResponse second = api.request("POST", ADJUST).authorized().json("{\"delta\":-1}").send();

        assertJson(first, 200, "{\"petId\":1,\"quantity\":11,\"status\":\"available\"}");
        assertJson(second, 200, "{\"petId\":1,\"quantity\":10,\"status\":\"available\"}");
        assertEquals(List.of(IdempotencyKey.NONE, IdempotencyKey.NONE),
                inventory.commands().stream().map(ChangeStockCommand::key).toList());
    }

    @Test
    void theUseCaseGetsTheKeyScopedToTheKeyIdWithTheFingerprintOfMethodPathAndBody() {
        String body = "{\"delta\": -1, \"reason\": \"loss\"}";
        post(ADJUST + "?ignored=query", body, "\"with \\\"quotes\\\" and \\\\\"");

        ChangeStockCommand command = inventory.commands().getFirst();
        assertEquals(new IdempotencyKey.Of(new IdempotentRequest(command.changes().getFirst().origin().keyId(),
                "with \"quotes\" and \\", sha256("POST " + ADJUST + "\n" + body))), command.key());
    }

    @Test
    void aBodySentWithAContentCodingHasTheFingerprintOfItsDecodedBytes() {
        byte[] body = "{\"delta\": 1}".getBytes(StandardCharsets.UTF_8);
        ApiResponse gzipped = api.request("POST", ADJUST).authorized().header("Idempotency-Key", "\"coded\"")
                .header("Content-Encoding", "gzip").bytes("application/json", ContentCodingsTest.gzip(body)).send();
        ApiResponse deflated = api.request("POST", ADJUST).authorized().header("Idempotency-Key", "\"coded\"")
                .header("Content-Encoding", "deflate").bytes("application/json", ContentCodingsTest.deflate(body, true))
                .send();
        ApiResponse plain = post(ADJUST, "{\"delta\": 1}", "\"coded\"");

        assertJson(gzipped, 200, "{\"petId\":1,\"quantity\":13,\"status\":\"available\"}");
        assertSameAnswer(gzipped, deflated);
        assertSameAnswer(gzipped, plain);
        assertEquals(1, inventory.changes().size(), "changes recorded");
        assertEquals(List.of(sha256("POST " + ADJUST + "\n{\"delta\": 1}")), inventory.commands().stream()
                .map(command -> ((IdempotencyKey.Of) command.key()).request().fingerprint()).distinct().toList());
    }

    @Test
    void aKeyInUseIs409() {
        inventory.failNextCallWith(new IdempotencyKeyConflictException(
                IdempotencyKeyConflictException.Reason.IN_FLIGHT));

        assertError(post(ADJUST, "{\"delta\":1}", "\"k-3\""), 409, "IDEMPOTENCY_KEY_IN_USE",
                "A request with this Idempotency-Key is still being carried out: retry later to get its answer");
    }

    @Test
    void aRequestRefusedBeforeTheUseCaseKeepsNothingForItsKey() {
        assertEquals(400, post(ADJUST, "{\"delta\":0}", "\"k-4\"").status());

        assertJson(post(ADJUST, "{\"delta\":1}", "\"k-4\""), 200,
                "{\"petId\":1,\"quantity\":13,\"status\":\"available\"}");
    }

    @Test
    void aKeyOf255CharactersIsTaken() {
        assertEquals(200, post(ADJUST, "{\"delta\":1}", "\"" + "k".repeat(255) + "\"").status());
        assertEquals(200, post(ADJUST, "{\"delta\":1}", "~!#$%&'()*+-./:;<=>?@[]^_`{|}").status());
        assertEquals(List.of("k".repeat(255), "~!#$%&'()*+-./:;<=>?@[]^_`{|}"), inventory.commands().stream()
                .map(command -> ((IdempotencyKey.Of) command.key()).request().key()).toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedKeys")
    void aMalformedKeyIs400AndNeverReachesTheStore(String description, String key, String message) {
        assertError(post(ADJUST, "{\"delta\":1}", key), 400, "VALIDATION_FAILED", message);
        assertUnreadableKeys(message);
    }

    static Stream<Arguments> malformedKeys() {
        return Stream.of(
                Arguments.of("empty string", "\"\"", "Idempotency-Key must not be empty" + SEND),
                Arguments.of("256 characters", "\"" + "k".repeat(256) + "\"",
                        "Idempotency-Key must have at most 255 characters, got 256" + SEND),
                Arguments.of("256 bare characters", "k".repeat(256),
                        "Idempotency-Key must have at most 255 characters, got 256" + SEND),
                Arguments.of("unclosed quote", "\"abc", MALFORMED),
                Arguments.of("a quote alone", "\"", MALFORMED),
                Arguments.of("text after the quote", "\"abc\"def", MALFORMED),
                Arguments.of("a parameter", "\"abc\";a=1", MALFORMED),
                Arguments.of("two strings", "\"abc\", \"def\"", MALFORMED),
                Arguments.of("another escape", "\"a\\nb\"", MALFORMED),
                Arguments.of("a tab inside", "\"a\tb\"", MALFORMED),
                Arguments.of("bare with a space", "a b", MALFORMED),
                Arguments.of("bare with a comma", "a,b", MALFORMED),
                Arguments.of("bare with a quote", "a\"b", MALFORMED),
                Arguments.of("bare with a backslash", "a\\b", MALFORMED));
    }

    @Test
    void anEmptyKeyIs400() {
        assertError(rawPost("Idempotency-Key:", "{\"delta\":1}"), 400, "VALIDATION_FAILED",
                "Idempotency-Key must not be empty" + SEND);
        assertError(rawPost("Idempotency-Key:   ", "{\"delta\":1}"), 400, "VALIDATION_FAILED",
                "Idempotency-Key must not be empty" + SEND);
        assertUnreadableKeys("Idempotency-Key must not be empty" + SEND, "Idempotency-Key must not be empty" + SEND);
    }

    @Test
    void aKeySentTwiceIs400() {
        ApiResponse response = api.request("POST", ADJUST).authorized().header("Idempotency-Key", "\"a\"")
                .header("Idempotency-Key", "\"a\"").json("{\"delta\":1}").send();

        assertError(response, 400, "VALIDATION_FAILED", "Idempotency-Key must be sent once, got 2 field lines"
                + SEND);
        assertUnreadableKeys("Idempotency-Key must be sent once, got 2 field lines" + SEND);
    }

    @Test
    void aKeyOutsideAsciiIs400() {
        assertError(rawPost("Idempotency-Key: \"caf\u00e9\"", "{\"delta\":1}"), 400, "VALIDATION_FAILED", MALFORMED);
        assertError(rawPost("Idempotency-Key: caf\u00e9", "{\"delta\":1}"), 400, "VALIDATION_FAILED", MALFORMED);
        assertUnreadableKeys(MALFORMED, MALFORMED);
    }

    /**
     * The use case got each key as one it cannot read, with the words the client reads (it refuses it after the
     * checks that come first), and nothing reached the store: nothing changed, nothing was kept for the key.
     */
    private void assertUnreadableKeys(String... problems) {
        assertEquals(Stream.of(problems).map(IdempotencyKey.Unreadable::new).toList(),
                inventory.commands().stream().map(ChangeStockCommand::key).toList());
        inventory.assertStoreUntouched();
    }

    private ApiResponse post(String path, String body, String key) {
        return api.request("POST", path).authorized().header("Idempotency-Key", key).json(body).send();
    }

    /** A POST of an adjustment sent byte for byte, with this header line (ISO-8859-1), for what clients refuse. */
    private ApiResponse rawPost(String headerLine, String body) {
        try (RawConnection connection = api.connect()) {
            return connection.send("POST " + ADJUST + " HTTP/1.1\r\nHost: " + api.hostAndPort()
                    + "\r\nAuthorization: Bearer " + ApiClient.KEY + "\r\nContent-Type: application/json\r\n"
                    + headerLine + "\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body)
                    .read();
        }
    }

    /** The retry was answered exactly as the first request: status, body, ETag. */
    static void assertSameAnswer(ApiResponse first, ApiResponse retry) {
        assertAll(retry.toString(),
                () -> assertEquals(first.status(), retry.status(), "status"),
                () -> assertEquals(first.body(), retry.body(), "body"),
                () -> assertEquals(first.header("ETag"), retry.header("ETag"), "ETag"),
                () -> assertEquals(first.header("Content-Type"), retry.header("Content-Type"), "Content-Type"));
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
