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

    /** With the key and one conditional header. */
    private static Arguments conditional(String method, String path, String body, String header, String value,
                                         int status) {
        return Arguments.of(method, path, body, new String[] {header, value}, status);
    }
}
