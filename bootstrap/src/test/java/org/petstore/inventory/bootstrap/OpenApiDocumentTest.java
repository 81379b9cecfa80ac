package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * The OpenAPI document the running service serves, checked fact by fact against the specification.
 */
class OpenApiDocumentTest {

    private static final String ERROR_REF = "#/components/schemas/Error";

    @TempDir
    static Path dataDir;

    static RunningService service;
    static Map<String, Object> document;

    @BeforeAll
    static void start() {
        service = RunningService.start(Backend.h2(dataDir), Map.of(
                "petstore.openapi.production-url", "https://petstore.example.org",
                "petstore.openapi.staging-url", "https://staging.petstore.example.org/",
                "petstore.pets.sunset-at", "2027-12-31T00:00:00Z"));
        HttpResponse<String> response = service.send(service.anonymousRequest("/v1/openapi.yml").build());
        assertEquals(200, response.statusCode(), "the document is served without a key");
        assertEquals(Optional.of("application/yaml"), response.headers().firstValue("Content-Type"));
        document = new Yaml().load(response.body());
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void describesVersion100OfTheApi() {
        assertEquals("3.0.1", document.get("openapi"));
        assertEquals("1.0.0", map(document, "info").get("version"));
    }

    @Test
    void listsItselfThenTheConfiguredProductionAndStagingServersEndingInV1() {
        assertEquals(List.of(
                Map.of("url", "/v1", "description", "this server"),
                Map.of("url", "https://petstore.example.org/v1", "description", "production"),
                Map.of("url", "https://staging.petstore.example.org/v1", "description", "staging")),
                document.get("servers"));
    }

    /**
     * Unconfigured, the document lists only the server that serves it, relative to the document: resolved against
     * the document's address, as Swagger UI's "Try it out" does, it is this service on whatever port it runs.
     */
    @Test
    void unconfiguredItListsOnlyItselfAndTryingAnOperationThereReachesTheService() {
        try (RunningService other = RunningService.start(Backend.h2(dataDir.resolve("other")))) {
            URI documentAddress = URI.create("http://127.0.0.1:" + other.port() + "/v1/openapi.yml");
            HttpResponse<String> response = other.send(HttpRequest.newBuilder(documentAddress).build());
            Map<String, Object> unconfigured = new Yaml().load(response.body());
            assertEquals(List.of(Map.of("url", "/v1", "description", "this server")), unconfigured.get("servers"));

            String server = documentAddress.resolve("/v1").toString();
            HttpResponse<String> tried = other.send(HttpRequest.newBuilder(URI.create(server + "/inventory/1"))
                    .header("Authorization", "Bearer " + RunningService.API_KEY).build());
            assertEquals(200, tried.statusCode(), tried.body());
            assertEquals("{\"petId\":1,\"quantity\":12,\"status\":\"available\"}", tried.body());
        }
    }

    @Test
    void pathsAreRelativeToTheServers() {
        assertEquals(List.of("/inventory", "/inventory/changes", "/inventory/{petId}",
                "/inventory/{petId}/adjustments", "/inventory/{petId}/changes", "/keys", "/keys/self", "/keys/{id}",
                "/keys/{id}/rotation", "/pets/{petId}", "/store/orders", "/webhooks", "/webhooks/{id}",
                "/webhooks/{id}/deliveries", "/webhooks/{id}/replay", "/webhooks/{id}/secret-rotation",
                "/webhooks/{id}/test"),
                List.copyOf(map(document, "paths").keySet()));
    }

    @Test
    void theOperationsHaveTheirIdsAndTags() {
        assertEquals("listInventory", operation("/inventory", "get").get("operationId"));
        assertEquals("updateInventory", operation("/inventory/{petId}", "patch").get("operationId"));
        assertEquals("getInventoryItem", operation("/inventory/{petId}", "get").get("operationId"));
        assertEquals(List.of("inventory"), operation("/inventory", "get").get("tags"));
        assertEquals(List.of("inventory"), operation("/inventory/{petId}", "patch").get("tags"));
        assertTrue(((List<?>) document.get("tags")).contains(Map.of("name", "inventory",
                "description", "Stock levels of the pets in the store")));
    }

    @Test
    void everyOperationRequiresTheBearerSchemeAndNamesItsScope() {
        assertEquals(Map.of("type", "http", "scheme", "bearer",
                        "description", "The API key, sent as 'Authorization: Bearer <API key>'"),
                map(map(document, "components"), "securitySchemes").get("bearerAuth"));
        assertEquals(List.of(Map.of("bearerAuth", List.of())), document.get("security"));
        for (Map<String, Object> operation : List.of(operation("/inventory", "get"),
                operation("/inventory/{petId}", "get"),
                operation("/inventory/{petId}", "patch"), operation("/pets/{petId}", "get"),
                operation("/store/orders", "get"))) {
            assertEquals(List.of(Map.of("bearerAuth", List.of())), operation.get("security"), operation.toString());
        }
        assertEquals(List.of("inventory:read"), operation("/inventory", "get").get("x-required-scopes"));
        assertEquals(List.of("inventory:write"), operation("/inventory/{petId}", "patch").get("x-required-scopes"));
        assertEquals(List.of("keys:admin"), operation("/keys", "post").get("x-required-scopes"));
    }

    @Test
    void theSchemasHaveTheSpecificationsRequiredFieldsAndFormats() {
        Map<String, Object> schemas = map(map(document, "components"), "schemas");

        Map<String, Object> item = map(schemas, "InventoryItem");
        assertEquals(List.of("petId", "quantity", "status"), item.get("required"));
        assertEquals("int64", map(map(item, "properties"), "petId").get("format"));
        assertEquals("integer", map(map(item, "properties"), "quantity").get("type"));
        assertEquals(Map.of("$ref", "#/components/schemas/PetStatus"), map(map(item, "properties"), "status"));

        assertEquals(List.of("available", "pending", "sold"), map(schemas, "PetStatus").get("enum"));
        assertEquals("string", map(schemas, "PetStatus").get("type"));

        Map<String, Object> update = map(schemas, "InventoryUpdate");
        assertEquals(List.of("quantity"), update.get("required"));
        assertEquals(List.of("quantity", "reason"), List.copyOf(map(update, "properties").keySet()));
        assertEquals(false, update.get("additionalProperties"), "the body accepts no other member");
        assertEquals("integer", map(map(update, "properties"), "quantity").get("type"));
        assertEquals(List.of("arrival", "return", "sale", "loss", "adjustment"),
                map(map(update, "properties"), "reason").get("enum"));

        Map<String, Object> change = map(schemas, "StockChange");
        // every member is always written (null when absent); the generator lists them in alphabetical order
        assertEquals(List.of("at", "changeId", "from", "keyId", "petId", "reason", "requestId", "source", "to",
                "version"), change.get("required"));
        assertEquals(List.of("changeId", "petId", "from", "to", "version", "at", "source", "keyId", "requestId",
                "reason"), List.copyOf(map(change, "properties").keySet()));
        assertEquals("date-time", map(map(change, "properties"), "at").get("format"));
        assertEquals(List.of("api", "import"), map(map(change, "properties"), "source").get("enum"));

        Map<String, Object> error = map(schemas, "Error");
        assertEquals(List.of("code", "message", "status"), error.get("required"));
        assertEquals("string", map(map(error, "properties"), "code").get("type"));
        assertEquals("string", map(map(error, "properties"), "message").get("type"));
        assertEquals("integer", map(map(error, "properties"), "status").get("type"));
    }

    @Test
    void listInventoryAnswersAnArrayOfInventoryItemsOr401() {
        Map<String, Object> responses = map(operation("/inventory", "get"), "responses");

        assertEquals(Map.of("type", "array", "items", Map.of("$ref", "#/components/schemas/InventoryItem")),
                schemaOf(responses, "200"));
        assertEquals(Map.of("$ref", ERROR_REF), schemaOf(responses, "401"));
    }

    @Test
    void updateInventoryTakesAnInventoryUpdateAndAnswersEveryDocumentedStatus() {
        Map<String, Object> patch = operation("/inventory/{petId}", "patch");

        assertEquals(Map.of("name", "petId", "in", "path", "description", "ID of the pet to update stock for",
                        "required", true, "schema", Map.of("minimum", 1, "type", "integer", "format", "int64")),
                ((List<?>) patch.get("parameters")).getFirst());
        Map<String, Object> body = map(patch, "requestBody");
        assertEquals(true, body.get("required"));
        assertEquals(Map.of("$ref", "#/components/schemas/InventoryUpdate"),
                map(map(map(body, "content"), "application/json"), "schema"));

        Map<String, Object> responses = map(patch, "responses");
        assertEquals(Map.of("$ref", "#/components/schemas/InventoryItem"), schemaOf(responses, "200"));
        for (String status : List.of("400", "401", "404")) {
            assertEquals(Map.of("$ref", ERROR_REF), schemaOf(responses, status), status);
        }
    }

    @Test
    void updateInventoryIsMarkedExperimental() {
        Map<String, Object> patch = operation("/inventory/{petId}", "patch");

        assertEquals("experimental", patch.get("x-stability"));
        assertEquals("Experimental: the request shape may change before the endpoint becomes stable.",
                patch.get("description"));
    }

    @Test
    void theStockMovementsTakeTheirBodiesAndAnIdempotencyKeyAndAnswerEveryStatus() {
        Map<String, Object> adjust = operation("/inventory/{petId}/adjustments", "post");
        Map<String, Object> batch = operation("/inventory/changes", "post");

        assertEquals("adjustInventory", adjust.get("operationId"));
        assertEquals("applyInventoryChanges", batch.get("operationId"));
        assertEquals(Map.of("$ref", "#/components/schemas/InventoryAdjustment"),
                map(map(map(map(adjust, "requestBody"), "content"), "application/json"), "schema"));
        assertEquals(Map.of("$ref", "#/components/schemas/InventoryChanges"),
                map(map(map(map(batch, "requestBody"), "content"), "application/json"), "schema"));
        assertEquals(Map.of("$ref", "#/components/schemas/InventoryItem"), schemaOf(map(adjust, "responses"), "200"));
        assertEquals(Map.of("type", "array", "items", Map.of("$ref", "#/components/schemas/InventoryItem")),
                schemaOf(map(batch, "responses"), "200"));
        for (Map<String, Object> movement : List.of(adjust, batch)) {
            assertEquals("experimental", movement.get("x-stability"));
            assertTrue(((List<?>) movement.get("parameters")).stream()
                    .anyMatch(parameter -> "Idempotency-Key".equals(((Map<?, ?>) parameter).get("name"))
                            && "header".equals(((Map<?, ?>) parameter).get("in"))));
            for (String status : List.of("400", "401", "404", "409", "415", "422")) {
                assertEquals(Map.of("$ref", ERROR_REF), schemaOf(map(movement, "responses"), status), status);
            }
        }
        for (String status : List.of("412", "428")) {
            assertEquals(Map.of("$ref", ERROR_REF), schemaOf(map(adjust, "responses"), status), status);
        }
        Map<String, Object> schemas = map(map(document, "components"), "schemas");
        Map<String, Object> adjustment = map(schemas, "InventoryAdjustment");
        assertEquals(List.of("delta"), adjustment.get("required"));
        assertEquals(false, adjustment.get("additionalProperties"));
        assertEquals(List.of("arrival", "return", "sale", "loss", "adjustment"),
                map(map(adjustment, "properties"), "reason").get("enum"));
        assertEquals(List.of("changes"), map(schemas, "InventoryChanges").get("required"));
    }

    @Test
    void theStockLedgersReadsAnswerArraysOfChangesAndAreExperimental() {
        Map<String, Object> history = operation("/inventory/{petId}/changes", "get");
        Map<String, Object> feed = operation("/inventory/changes", "get");

        assertEquals("listInventoryItemChanges", history.get("operationId"));
        assertEquals("listInventoryChanges", feed.get("operationId"));
        for (Map<String, Object> read : List.of(history, feed)) {
            assertEquals("experimental", read.get("x-stability"));
            assertEquals(List.of("inventory"), read.get("tags"));
            Map<String, Object> responses = map(read, "responses");
            assertEquals(Map.of("type", "array", "items", Map.of("$ref", "#/components/schemas/StockChange")),
                    schemaOf(responses, "200"));
            assertEquals(Map.of("$ref", ERROR_REF), schemaOf(responses, "400"));
            assertEquals(Map.of("$ref", ERROR_REF), schemaOf(responses, "401"));
        }
        assertEquals(Map.of("$ref", ERROR_REF), schemaOf(map(history, "responses"), "404"));
        assertEquals(Map.of("$ref", ERROR_REF), schemaOf(map(feed, "responses"), "410"));
        assertEquals(List.of("petId", "before", "limit"), ((List<?>) history.get("parameters")).stream()
                .map(parameter -> ((Map<?, ?>) parameter).get("name")).toList());
        assertEquals(List.of("after", "limit", "Last-Event-ID"), ((List<?>) feed.get("parameters")).stream()
                .map(parameter -> ((Map<?, ?>) parameter).get("name")).toList());
    }

    @Test
    void getInventoryItemReadsOneEntryWithItsETagAndIsExperimental() {
        Map<String, Object> get = operation("/inventory/{petId}", "get");

        assertEquals("getInventoryItem", get.get("operationId"));
        assertEquals(List.of("inventory"), get.get("tags"));
        assertEquals("experimental", get.get("x-stability"));
        assertEquals(List.of(Map.of("bearerAuth", List.of())), get.get("security"));
        assertEquals(Map.of("name", "petId", "in", "path", "description", "ID of the pet whose stock to read",
                        "required", true, "schema", Map.of("minimum", 1, "type", "integer", "format", "int64")),
                ((List<?>) get.get("parameters")).getFirst());
        assertEquals("string", map(headerParameter(get, "If-None-Match"), "schema").get("type"));

        Map<String, Object> responses = map(get, "responses");
        assertEquals(Map.of("$ref", "#/components/schemas/InventoryItem"), schemaOf(responses, "200"));
        assertEquals("string", map(map(map(map(responses, "200"), "headers"), "ETag"), "schema").get("type"));
        assertEquals(List.of("ETag", "RateLimit-Policy", "RateLimit"), List.copyOf(map(map(responses, "304"), "headers").keySet()));
        assertEquals(null, map(responses, "304").get("content"), "a 304 has no body");
        for (String status : List.of("400", "401", "404", "503")) {
            assertEquals(Map.of("$ref", ERROR_REF), schemaOf(responses, status), status);
        }
    }

    @Test
    void theListCarriesAnETagAndAnswers304ToIfNoneMatch() {
        Map<String, Object> get = operation("/inventory", "get");

        assertEquals("string", map(headerParameter(get, "If-None-Match"), "schema").get("type"));
        Map<String, Object> responses = map(get, "responses");
        assertEquals(List.of("ETag", "RateLimit-Policy", "RateLimit"), List.copyOf(map(map(responses, "200"), "headers").keySet()));
        assertEquals(List.of("ETag", "RateLimit-Policy", "RateLimit"), List.copyOf(map(map(responses, "304"), "headers").keySet()));
        assertEquals(null, map(responses, "304").get("content"), "a 304 has no body");
    }

    @Test
    void updateInventoryTakesIfMatchAndAnswersItsETag412And428() {
        Map<String, Object> patch = operation("/inventory/{petId}", "patch");

        Map<String, Object> ifMatch = headerParameter(patch, "If-Match");
        assertEquals("string", map(ifMatch, "schema").get("type"));
        assertEquals(null, ifMatch.get("required"), "If-Match is optional unless the service requires it");
        Map<String, Object> responses = map(patch, "responses");
        assertEquals(List.of("ETag", "RateLimit-Policy", "RateLimit"), List.copyOf(map(map(responses, "200"), "headers").keySet()));
        for (String status : List.of("412", "428")) {
            assertEquals(Map.of("$ref", ERROR_REF), schemaOf(responses, status), status);
        }
    }

    /**
     * The webhook API needs webhooks:admin, and the deliveries it makes are described as createWebhook's callbacks
     * (OpenAPI 3.0) and as x-webhooks (Redoc); adapters-http's OpenApiScopesTest checks them member by member.
     */
    @Test
    void theWebhookApiAndItsDeliveriesAreDescribed() {
        assertEquals(List.of("webhooks:admin"), operation("/webhooks", "post").get("x-required-scopes"));
        assertEquals(List.of("webhooks:admin"), operation("/webhooks/{id}/test", "post").get("x-required-scopes"));
        assertTrue(((List<?>) document.get("tags")).contains(Map.of("name", "webhooks", "description",
                "Experimental: webhook subscriptions, which push every change of the stock ledger to a receiver, "
                        + "signed (Standard Webhooks v1), in order, at least once")));
        Map<String, Object> callbacks = map(operation("/webhooks", "post"), "callbacks");
        assertEquals(List.of("inventoryCountUpdated", "webhookTest"), List.copyOf(callbacks.keySet()));
        assertEquals(map(map(callbacks, "inventoryCountUpdated"), "{$request.body#/url}"),
                map(map(document, "x-webhooks"), "inventoryCountUpdated"));
        Map<String, Object> delivery = map(map(map(callbacks, "inventoryCountUpdated"), "{$request.body#/url}"),
                "post");
        assertEquals(Map.of("$ref", "#/components/schemas/InventoryCountUpdatedEvent"),
                map(map(map(map(delivery, "requestBody"), "content"), "application/json"), "schema"));
    }

    @Test
    void thePetLookupIsDeprecatedWithItsSunsetDate() {
        Map<String, Object> get = operation("/pets/{petId}", "get");

        assertEquals(true, get.get("deprecated"));
        assertEquals("2027-12-31T00:00:00Z", get.get("x-sunset"));
    }

    @Test
    void theJsonDocumentSaysTheSame() {
        HttpResponse<String> json = service.send(service.anonymousRequest("/v1/openapi.json").build());

        assertEquals(200, json.statusCode());
        assertEquals(Optional.of("application/json"), json.headers().firstValue("Content-Type"));
        assertEquals(document, new Yaml().load(json.body()));
    }

    private static Map<String, Object> operation(String path, String method) {
        return map(map(map(document, "paths"), path), method);
    }

    private static Map<String, Object> headerParameter(Map<String, Object> operation, String name) {
        return ((List<?>) operation.get("parameters")).stream()
                .map(parameter -> (Map<?, ?>) parameter)
                .filter(parameter -> "header".equals(parameter.get("in")) && name.equals(parameter.get("name")))
                .map(OpenApiDocumentTest::stringKeys)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no header parameter " + name + " in " + operation));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> stringKeys(Map<?, ?> map) {
        return (Map<String, Object>) map;
    }

    private static Object schemaOf(Map<String, Object> responses, String status) {
        return map(map(map(map(responses, status), "content"), "application/json"), "schema");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> parent, String key) {
        Object value = parent.get(key);
        assertTrue(value instanceof Map, key + " is missing in " + parent.keySet());
        return (Map<String, Object>) value;
    }
}
