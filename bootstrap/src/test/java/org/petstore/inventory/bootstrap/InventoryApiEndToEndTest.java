package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The API as a client sees it: the whole application with the demo data, over real HTTP. Every backend runs this
 * suite. Every test here leaves the stock as it was: it asserts so after each test.
 */
abstract class InventoryApiEndToEndTest {

    static final String DEMO_INVENTORY = "["
            + "{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"
            + "{\"petId\":2,\"quantity\":3,\"status\":\"available\"},"
            + "{\"petId\":3,\"quantity\":0,\"status\":\"sold\"},"
            + "{\"petId\":4,\"quantity\":7,\"status\":\"available\"},"
            + "{\"petId\":5,\"quantity\":1,\"status\":\"pending\"},"
            + "{\"petId\":6,\"quantity\":25,\"status\":\"available\"},"
            + "{\"petId\":7,\"quantity\":0,\"status\":\"sold\"},"
            + "{\"petId\":8,\"quantity\":2,\"status\":\"pending\"},"
            + "{\"petId\":9,\"quantity\":40,\"status\":\"available\"},"
            + "{\"petId\":10,\"quantity\":5,\"status\":\"pending\"},"
            + "{\"petId\":11,\"quantity\":0,\"status\":\"sold\"},"
            + "{\"petId\":12,\"quantity\":9,\"status\":\"available\"}"
            + "]";

    static RunningService service;

    /** Starts the application on the backend under test. */
    static void startOn(Backend backend) {
        service = RunningService.start(backend);
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    @AfterEach
    void stockIsUnchanged() {
        assertEquals(DEMO_INVENTORY, service.get("/v1/inventory").body());
    }

    @Test
    void listInventoryReturnsEveryDemoEntryInPetIdOrder() {
        HttpResponse<String> response = service.get("/v1/inventory");

        assertEquals(200, response.statusCode());
        assertEquals(Optional.of("application/json"), response.headers().firstValue("Content-Type"));
        assertEquals(DEMO_INVENTORY, response.body());
    }

    @Test
    void everyConfiguredKeyIsAccepted() {
        HttpResponse<String> response = service.send(service.request("/v1/inventory")
                .setHeader("Authorization", "bearer " + RunningService.ROTATED_API_KEY).build());

        assertEquals(200, response.statusCode());
    }

    @Test
    void missingKeyIs401WithChallenge() {
        HttpResponse<String> response = service.send(service.anonymousRequest("/v1/inventory").build());

        assertError(response, 401, "{\"code\":\"UNAUTHORIZED\",\"message\":\"An API key is required: send the header "
                + "'Authorization: Bearer <API key>'\",\"status\":401}");
        assertEquals(Optional.of("Bearer realm=\"petstore\""), response.headers().firstValue("WWW-Authenticate"));
    }

    @Test
    void wrongKeyIs401WithInvalidTokenChallenge() {
        HttpResponse<String> response = service.send(service.request("/v1/inventory")
                .setHeader("Authorization", "Bearer not-a-key").build());

        assertError(response, 401, "{\"code\":\"UNAUTHORIZED\",\"message\":\"The API key is not valid\",\"status\":401}");
        assertEquals(Optional.of("Bearer realm=\"petstore\", error=\"invalid_token\""),
                response.headers().firstValue("WWW-Authenticate"));
    }

    @Test
    void authenticationIsCheckedBeforeTheBody() {
        HttpResponse<String> response = service.send(service.anonymousRequest("/v1/inventory/1")
                .header("Content-Type", "application/json")
                .method("PATCH", BodyPublishers.ofString("{not json")).build());

        assertEquals(401, response.statusCode());
    }

    @Test
    void invalidQuantityIs400() {
        assertError(service.patch("/v1/inventory/1", "{\"quantity\": -1}"), 400,
                "{\"code\":\"VALIDATION_FAILED\",\"message\":\"quantity must be an integer from 0 to 2147483647, "
                        + "got -1\",\"status\":400}");
    }

    @Test
    void statusIsNotAcceptedInTheBody() {
        assertError(service.patch("/v1/inventory/1", "{\"quantity\": 1, \"status\": \"sold\"}"), 400,
                "{\"code\":\"VALIDATION_FAILED\",\"message\":\"Unknown member 'status': the body accepts only "
                        + "quantity and, optionally, reason; send {\\\"quantity\\\": <integer from 0 to 2147483647>}\","
                        + "\"status\":400}");
    }

    @Test
    void malformedJsonIs400() {
        assertError(service.patch("/v1/inventory/1", "{\"quantity\": 1"), 400,
                "{\"code\":\"MALFORMED_JSON\",\"message\":\"The request body is not valid JSON (line 1, column 15): "
                        + "send {\\\"quantity\\\": <integer from 0 to 2147483647>}\",\"status\":400}");
    }

    @Test
    void nonNumericPetIdIs400() {
        assertError(service.patch("/v1/inventory/abc", "{\"quantity\": 1}"), 400,
                "{\"code\":\"VALIDATION_FAILED\",\"message\":\"petId must be an integer from 1 to "
                        + "9223372036854775807, got abc\",\"status\":400}");
    }

    @Test
    void unknownPetIs404AndNothingIsCreated() {
        assertError(service.patch("/v1/inventory/13", "{\"quantity\": 1}"), 404,
                "{\"code\":\"NOT_FOUND\",\"message\":\"No inventory entry for pet 13\",\"status\":404}");
    }

    @Test
    void unknownRouteIs404WithAKey() {
        assertError(service.get("/v1/pets-and-more"), 404,
                "{\"code\":\"NOT_FOUND\",\"message\":\"No resource at /v1/pets-and-more\",\"status\":404}");
    }

    @Test
    void wrongMethodIs405WithAllow() {
        HttpResponse<String> response = service.send(service.request("/v1/inventory").DELETE().build());

        assertError(response, 405, "{\"code\":\"METHOD_NOT_ALLOWED\",\"message\":\"Method DELETE is not allowed on "
                + "/v1/inventory; allowed: HEAD,GET\",\"status\":405}");
        assertEquals(Optional.of("HEAD,GET"), response.headers().firstValue("Allow"));
    }

    @Test
    void nonJsonContentTypeIs415() {
        HttpResponse<String> response = service.send(service.request("/v1/inventory/1")
                .header("Content-Type", "text/plain")
                .method("PATCH", BodyPublishers.ofString("{\"quantity\": 1}")).build());

        assertError(response, 415, "{\"code\":\"UNSUPPORTED_MEDIA_TYPE\",\"message\":\"The request body must be JSON: "
                + "send the header 'Content-Type: application/json'\",\"status\":415}");
    }

    @Test
    void bodyWithoutContentTypeIs415() {
        HttpResponse<String> response = service.send(service.request("/v1/inventory/1")
                .method("PATCH", BodyPublishers.ofString("{\"quantity\": 1}")).build());

        assertError(response, 415, "{\"code\":\"UNSUPPORTED_MEDIA_TYPE\",\"message\":\"The request body must be JSON: "
                + "send the header 'Content-Type: application/json'\",\"status\":415}");
    }

    @Test
    void oversizedBodyIs413() {
        String padded = "{\"quantity\": 1" + " ".repeat(64 * 1024) + "}";

        assertError(service.patch("/v1/inventory/1", padded), 413, "{\"code\":\"PAYLOAD_TOO_LARGE\",\"message\":"
                + "\"The request body is larger than the limit of 65536 bytes\",\"status\":413}");
    }

    @Test
    void oversizedHeadersAre431() throws IOException {
        String response = rawExchange("GET /v1/inventory HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + RunningService.API_KEY + "\r\nX-Padding: " + "a".repeat(10_000) + "\r\n\r\n");

        assertEquals("HTTP/1.1 431 Request Header Fields Too Large", response.lines().findFirst().orElseThrow());
        assertEquals("{\"code\":\"REQUEST_HEADER_FIELDS_TOO_LARGE\",\"message\":\"The request headers are larger than "
                + "the server accepts\",\"status\":431}", bodyOf(response));
    }

    @Test
    void malformedRequestLineIs400() throws IOException {
        String response = rawExchange("NOT-HTTP\r\n\r\n");

        assertEquals("{\"code\":\"BAD_REQUEST\",\"message\":\"The request could not be read: check the request line, "
                + "headers and body\",\"status\":400}", bodyOf(response));
    }

    @Test
    void theDeprecatedPetLookupReturnsThePetWithItsSunsetHeaders() {
        HttpResponse<String> response = service.get("/v1/pets/5");

        assertEquals(200, response.statusCode());
        assertEquals("{\"id\":5,\"name\":\"Thumper\",\"status\":\"pending\"}", response.body());
        assertSunsetHeaders(response);
    }

    @Test
    void anUnknownPetIs404WithItsSunsetHeaders() {
        HttpResponse<String> response = service.get("/v1/pets/13");

        assertError(response, 404, "{\"code\":\"NOT_FOUND\",\"message\":\"No pet with id 13\",\"status\":404}");
        assertSunsetHeaders(response);
    }

    @Test
    void theStoreOrdersAreListedInIdOrder() {
        HttpResponse<String> response = service.get("/v1/store/orders");

        assertEquals(200, response.statusCode());
        assertEquals("["
                + "{\"id\":1,\"petId\":3,\"quantity\":1,\"shipDate\":\"2026-10-02T09:00:00Z\",\"status\":\"delivered\","
                + "\"complete\":true},"
                + "{\"id\":2,\"petId\":7,\"quantity\":2,\"shipDate\":\"2026-10-15T14:30:00Z\",\"status\":\"delivered\","
                + "\"complete\":true},"
                + "{\"id\":3,\"petId\":5,\"quantity\":1,\"shipDate\":\"2026-11-20T10:00:00Z\",\"status\":\"approved\","
                + "\"complete\":false},"
                + "{\"id\":4,\"petId\":8,\"quantity\":1,\"shipDate\":\"2026-11-28T08:15:00Z\",\"status\":\"placed\","
                + "\"complete\":false},"
                + "{\"id\":5,\"petId\":10,\"quantity\":3,\"shipDate\":\"2026-12-03T16:45:00Z\",\"status\":\"placed\","
                + "\"complete\":false}]", response.body());
    }

    @Test
    void theOpenApiDocumentNeedsNoKey() {
        HttpResponse<String> response = service.send(service.anonymousRequest("/v1/openapi.yml").build());

        assertEquals(200, response.statusCode());
        assertEquals(Optional.of("application/yaml"), response.headers().firstValue("Content-Type"));
    }

    @Test
    void theApiBrowserNeedsNoKeyAndLoadsTheServedDocument() {
        HttpResponse<String> page = service.send(service.anonymousRequest("/swagger-ui/index.html").build());
        HttpResponse<String> script = service.send(
                service.anonymousRequest("/swagger-ui/res/swagger-ui-bundle.js").build());

        assertEquals(200, page.statusCode());
        assertEquals(Optional.of("text/html"), page.headers().firstValue("Content-Type"));
        assertTrue(page.body().contains("url: contextPath + '/v1/openapi.yml'"), page.body());
        assertEquals(200, script.statusCode());
    }

    private static void assertSunsetHeaders(HttpResponse<String> response) {
        assertEquals(Optional.of("@1767225600"), response.headers().firstValue("Deprecation"));
        assertEquals(Optional.of("Thu, 01 Jul 2027 00:00:00 GMT"), response.headers().firstValue("Sunset"));
        assertEquals(Optional.of("</v1/openapi.yml>; rel=\"sunset\""), response.headers().firstValue("Link"));
    }

    private static void assertError(HttpResponse<String> response, int status, String body) {
        assertEquals(status, response.statusCode(), response::body);
        assertEquals(Optional.of("application/json"), response.headers().firstValue("Content-Type"));
        assertEquals(body, response.body());
    }

    /** Sends raw bytes, for requests a well-behaved HTTP client refuses to send, and reads until the server closes. */
    private static String rawExchange(String request) throws IOException {
        try (Socket socket = new Socket("localhost", service.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    private static String bodyOf(String rawResponse) {
        return rawResponse.substring(rawResponse.indexOf("\r\n\r\n") + 4);
    }
}
