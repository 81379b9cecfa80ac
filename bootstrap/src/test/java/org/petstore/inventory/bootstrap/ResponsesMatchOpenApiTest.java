package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real responses of the running service, success and every documented error, validated against the OpenAPI
 * document it serves, so that the description and the behaviour cannot drift apart.
 */
class ResponsesMatchOpenApiTest {

    @TempDir
    static Path dataDir;

    static RunningService service;
    static OpenApiInteractionValidator validator;

    @BeforeAll
    static void start() {
        service = RunningService.start(Backend.h2(dataDir));
        String document = service.send(service.anonymousRequest("/v1/openapi.yml").build()).body();
        validator = OpenApiInteractionValidator.createForInlineApiSpecification(document).build();
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    static Stream<Arguments> exchanges() {
        return Stream.of(
                exchange("GET", "/v1/inventory", null, true, 200),
                exchange("GET", "/v1/inventory", null, false, 401),
                conditional("GET", "/v1/inventory", null, "If-None-Match", "*", 304),
                exchange("GET", "/v1/inventory/7", null, true, 200),
                conditional("GET", "/v1/inventory/7", null, "If-None-Match", "\"7.1\"", 304),
                exchange("GET", "/v1/inventory/7", null, false, 401),
                exchange("GET", "/v1/inventory/404", null, true, 404),
                exchange("GET", "/v1/inventory/0", null, true, 400),
                conditional("PATCH", "/v1/inventory/7", "{\"quantity\": 3}", "If-Match", "\"7.9\"", 412),
                conditional("PATCH", "/v1/inventory/7", "{\"quantity\": 3}", "If-Match", "7.1", 400),
                conditional("PATCH", "/v1/inventory/7", "{\"quantity\": 3}", "If-Match", "\"7.1\"", 200),
                exchange("PATCH", "/v1/inventory/6", "{\"quantity\": 25}", true, 200),
                exchange("PATCH", "/v1/inventory/6", "{\"quantity\": -1}", true, 400),
                exchange("PATCH", "/v1/inventory/6", "{\"quantity\": 1, \"status\": \"sold\"}", true, 400),
                exchange("PATCH", "/v1/inventory/6", "{\"quantity\":", true, 400),
                exchange("PATCH", "/v1/inventory/6", "{\"quantity\": 25}", false, 401),
                exchange("PATCH", "/v1/inventory/404", "{\"quantity\": 1}", true, 404),
                exchange("PATCH", "/v1/inventory/6", "{\"quantity\": 1" + " ".repeat(70_000) + "}", true, 413),
                exchange("GET", "/v1/pets/1", null, true, 200),
                exchange("GET", "/v1/pets/404", null, true, 404),
                exchange("GET", "/v1/pets/0", null, true, 400),
                exchange("GET", "/v1/pets/1", null, false, 401),
                exchange("GET", "/v1/store/orders", null, true, 200),
                exchange("GET", "/v1/store/orders", null, false, 401));
    }

    @ParameterizedTest(name = "{0} {1} ({3}) -> {4}")
    @MethodSource("exchanges")
    void theResponseIsTheDocumentedOne(String method, String path, String body, Object withKeyOrHeader,
                                       int status) {
        HttpRequest.Builder request = withKeyOrHeader.equals(false)
                ? service.anonymousRequest(path) : service.request(path);
        if (withKeyOrHeader instanceof String[] header) {
            request.header(header[0], header[1]);
        }
        if (body != null) {
            request.header("Content-Type", "application/json").method(method, BodyPublishers.ofString(body));
        } else {
            request.method(method, BodyPublishers.noBody());
        }
        HttpResponse<String> response = service.send(request.build());
        assertEquals(status, response.statusCode(), response.body());

        assertDocumented(path, method, response);
    }

    @Test
    void aRequiredIfMatchThatIsMissingIsTheDocumented428() {
        try (RunningService requiring = RunningService.start(Backend.h2(dataDir.resolve("required")),
                Map.of("petstore.require-if-match", true))) {
            String path = "/v1/inventory/6";
            HttpResponse<String> response = requiring.send(requiring.request(path)
                    .header("Content-Type", "application/json")
                    .method("PATCH", BodyPublishers.ofString("{\"quantity\": 1}")).build());
            assertEquals(428, response.statusCode(), response.body());

            assertDocumented(path, "PATCH", response);
        }
    }

    @Test
    void aNonJsonBodyIsTheDocumented415() {
        String path = "/v1/inventory/6";
        HttpResponse<String> response = service.send(service.request(path).header("Content-Type", "text/plain")
                .method("PATCH", BodyPublishers.ofString("{\"quantity\": 1}")).build());
        assertEquals(415, response.statusCode());

        assertDocumented(path, "PATCH", response);
    }

    @Test
    void aKeyOverItsQuotaIsTheDocumented429WithTheQuotaFields() {
        String[] till = QuotaEndToEndTest.create(service, "till-429", "\"inventory:write\"",
                "{\"perSecond\": 1, \"burst\": 1}");
        String path = "/v1/inventory/6";
        HttpResponse<String> first = ManagedKeysEndToEndTest.patch(service, till[1], path, "{\"quantity\": 1}");
        HttpResponse<String> refused = ManagedKeysEndToEndTest.patch(service, till[1], path, "{\"quantity\": 1}");
        assertEquals(200, first.statusCode(), first.body());
        assertEquals(429, refused.statusCode(), refused.body());

        assertDocumented(path, "PATCH", first);
        assertDocumented(path, "PATCH", refused);
    }

    /**
     * The webhook API's answers, each as {@code WebhookApiTest} (adapters-http) asserts it to the character, match the
     * document, the ones with every absent member as null too. They are given here rather than asked of the service,
     * whose webhook use cases are wired in bootstrap with the deliveries; asked for, they join {@link #exchanges()}.
     */
    static Stream<Arguments> webhookAnswers() {
        String id = "whk-3f2a0c1b2d3e";
        String path = "/v1/webhooks/" + id;
        String webhook = "{\"id\":\"" + id + "\",\"url\":\"https://shop.example.com/hooks/stock\","
                + "\"events\":[\"inventory.count.updated\"],\"description\":null,\"enabled\":true,"
                + "\"disabledReason\":null,\"createdAt\":\"2026-11-28T10:00:00Z\",\"cursor\":1200,"
                + "\"lastFailureAt\":null,\"lastFailure\":null}";
        String disabled = "{\"id\":\"whk-00000000000a\",\"url\":\"https://erp.example.com/in\","
                + "\"events\":[\"inventory.count.updated\"],\"description\":\"to the ERP\",\"enabled\":false,"
                + "\"disabledReason\":\"receiver answered 410 Gone\",\"createdAt\":\"2026-11-01T08:00:00Z\","
                + "\"cursor\":977,\"lastFailureAt\":\"2026-11-27T23:59:59.500Z\",\"lastFailure\":\"410\"}";
        String error = "{\"code\":\"%s\",\"message\":\"m\",\"status\":%d}";
        return Stream.of(
                answer("POST", "/v1/webhooks", 201, "{\"id\":\"" + id + "\",\"url\":\"https://shop.example.com/hooks/"
                        + "stock\",\"events\":[\"inventory.count.updated\"],\"description\":\"stock to the web shop\","
                        + "\"enabled\":true,\"createdAt\":\"2026-11-28T10:00:00Z\","
                        + "\"secret\":\"whsec_t8Ar4Ql3fb0N7bPxO+p9yCm2aWq1lS1cJ3k3Eo0gq1Y=\"}"),
                answer("POST", "/v1/webhooks", 400, error.formatted("VALIDATION_FAILED", 400)),
                answer("POST", "/v1/webhooks", 403, error.formatted("INSUFFICIENT_SCOPE", 403)),
                answer("POST", "/v1/webhooks", 415, error.formatted("UNSUPPORTED_MEDIA_TYPE", 415)),
                answer("GET", "/v1/webhooks", 200, "{\"webhooks\":[" + disabled + "," + webhook + "]}"),
                answer("GET", "/v1/webhooks", 200, "{\"webhooks\":[]}"),
                answer("GET", path, 200, webhook),
                answer("GET", path, 200, disabled),
                answer("GET", path, 404, error.formatted("NOT_FOUND", 404)),
                answer("PATCH", path, 200, webhook),
                answer("PATCH", path, 410, error.formatted("CURSOR_EXPIRED", 410)),
                answer("DELETE", path, 204, null),
                answer("POST", path + "/secret-rotation", 200, "{\"secret\":\"whsec_t8Ar4Ql3fb0N7bPxO+p9yCm2aWq1lS1cJ"
                        + "3k3Eo0gq1Y=\",\"previousSecretValidUntil\":\"2026-11-29T10:00:00Z\"}"),
                answer("GET", path + "/deliveries", 200, "[{\"attemptId\":5,\"webhookId\":\"" + id + "\","
                        + "\"deliveryId\":\"msg_test\",\"firstChangeId\":null,\"lastChangeId\":null,\"attempt\":1,"
                        + "\"at\":\"2026-11-28T10:00:04Z\",\"status\":null,\"error\":\"address_refused\","
                        + "\"durationMs\":1},{\"attemptId\":4,\"webhookId\":\"" + id + "\",\"deliveryId\":\"msg_A\","
                        + "\"firstChangeId\":1201,\"lastChangeId\":1300,\"attempt\":3,\"at\":\"2026-11-28T10:00:03Z\","
                        + "\"status\":200,\"error\":null,\"durationMs\":12}]"),
                answer("GET", path + "/deliveries", 200, "[]"),
                answer("GET", path + "/deliveries", 400, error.formatted("VALIDATION_FAILED", 400)),
                answer("POST", path + "/replay", 200, webhook),
                answer("POST", path + "/replay", 410, error.formatted("CURSOR_EXPIRED", 410)),
                answer("POST", path + "/test", 200, "{\"status\":204,\"error\":null,\"durationMs\":12}"),
                answer("POST", path + "/test", 200, "{\"status\":null,\"error\":\"timeout\",\"durationMs\":10000}"),
                answer("POST", path + "/test", 429, error.formatted("RATE_LIMITED", 429)));
    }

    @ParameterizedTest(name = "{0} {1} -> {2} {3}")
    @MethodSource("webhookAnswers")
    void theWebhookApisAnswersAreTheDocumentedOnes(String method, String path, int status, String body) {
        SimpleResponse.Builder answer = SimpleResponse.Builder.status(status);
        if (body != null) {
            answer.withContentType("application/json").withBody(body);
        }
        if (status == 201) {
            answer.withHeader("Location", path + "/whk-3f2a0c1b2d3e");
        }
        ValidationReport report = validator.validateResponse(path, Request.Method.valueOf(method), answer.build());

        assertFalse(report.hasErrors(), () -> "the answer does not match the document: " + report.getMessages());
    }

    /** The webhook API's answers are checked, not waved through: one that breaks its schema is reported. */
    @Test
    void aWebhookAnswerThatBreaksTheDocumentIsReported() {
        for (String body : List.of("{\"status\":\"204\",\"error\":null,\"durationMs\":12}",
                "{\"status\":null,\"error\":\"slow\",\"durationMs\":12}", "{\"status\":204,\"error\":null}")) {
            assertTrue(validator.validateResponse("/v1/webhooks/whk-3f2a0c1b2d3e/test", Request.Method.POST,
                    SimpleResponse.Builder.status(200).withContentType("application/json").withBody(body).build())
                    .hasErrors(), body);
        }
    }

    /** The validation is not vacuous: a response that breaks the document is reported. */
    @Test
    void aResponseThatBreaksTheDocumentIsReported() {
        ValidationReport report = validator.validateResponse("/v1/inventory", Request.Method.GET,
                SimpleResponse.Builder.status(200).withContentType("application/json")
                        .withBody("[{\"petId\":\"one\",\"quantity\":1,\"status\":\"lost\"}]").build());

        assertTrue(report.hasErrors());
        assertFalse(validator.validateResponse("/v1/inventory", Request.Method.GET,
                SimpleResponse.Builder.status(200).withContentType("application/json")
                        .withBody("[{\"petId\":1,\"quantity\":1,\"status\":\"sold\"}]").build()).hasErrors());
    }

    private static void assertDocumented(String path, String method, HttpResponse<String> response) {
        SimpleResponse.Builder documented = SimpleResponse.Builder.status(response.statusCode());
        response.headers().firstValue("Content-Type").ifPresent(documented::withContentType);
        if (!response.body().isEmpty()) {
            documented.withBody(response.body());
        }
        for (String header : List.of("ETag", "RateLimit-Policy", "RateLimit", "Retry-After")) {
            response.headers().firstValue(header).ifPresent(value -> documented.withHeader(header, value));
        }
        ValidationReport report = validator.validateResponse(path, Request.Method.valueOf(method),
                documented.build());

        assertFalse(report.hasErrors(), () -> "the response does not match the document: " + report.getMessages());
    }

    private static Arguments exchange(String method, String path, String body, boolean withKey, int status) {
        return Arguments.of(method, path, body, withKey, status);
    }

    private static Arguments answer(String method, String path, int status, String body) {
        return Arguments.of(method, path, status, body);
    }

    /** With the key and one conditional header. */
    private static Arguments conditional(String method, String path, String body, String header, String value,
                                         int status) {
        return Arguments.of(method, path, body, new String[] {header, value}, status);
    }
}
