package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import io.micronaut.security.annotation.Secured;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.web.router.Router;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The served OpenAPI document says what scope each operation needs, as its route declares it: as the operation's
 * {@code x-required-scopes} beside its bearer requirement (OpenAPI 3.0 lists scopes in a requirement only for OAuth2),
 * with a 403 response; and it describes the key API and the webhook API, with the webhooks' deliveries.
 */
@MicronautTest
class OpenApiScopesTest {

    private static final Map<String, Object> ERROR = Map.of("$ref", "#/components/schemas/Error");

    @Inject
    ApiClient api;

    @Inject
    JsonMapper json;

    @Inject
    Router router;

    Map<String, Object> document;

    @BeforeEach
    void read() throws IOException {
        document = json.readValue(api.get("/v1/openapi.json").send().body(),
                Argument.mapOf(String.class, Object.class));
    }

    @Test
    void everyOperationRequiresTheScopeItsRouteDeclaresAndMayAnswer403() {
        List<String> checked = new ArrayList<>();
        map(document, "paths").forEach((path, item) -> map(document, "paths", path).forEach((method, operation) -> {
            String route = method.toUpperCase(Locale.ROOT) + " /v1" + path;
            String declared = router.uriRoutes()
                    .filter(candidate -> (candidate.getHttpMethodName() + " " + candidate.getUriMatchTemplate())
                            .equals(route))
                    .map(candidate -> candidate.getAnnotationMetadata().stringValue(Secured.class).orElseThrow())
                    .findFirst().orElseThrow(() -> new AssertionError("no route for " + route));
            Map<String, Object> responses = map(map(document, "paths", path, method), "responses");
            assertEquals(List.of(Map.of("bearerAuth", List.of())), map(document, "paths", path, method)
                    .get("security"), route);
            if (declared.startsWith("is")) {
                assertEquals(null, map(document, "paths", path, method).get("x-required-scopes"), route);
                assertEquals(null, responses.get("403"), route);
            } else {
                assertEquals(List.of(declared), map(document, "paths", path, method).get("x-required-scopes"), route);
                assertEquals(ERROR, map(responses, "403", "content", "application/json").get("schema"), route);
            }
            checked.add(route + " " + declared);
        }));

        assertTrue(checked.containsAll(List.of("GET /v1/inventory inventory:read",
                "PATCH /v1/inventory/{petId} inventory:write", "POST /v1/inventory/changes inventory:write",
                "GET /v1/inventory/changes inventory:read", "GET /v1/pets/{petId} inventory:read",
                "GET /v1/store/orders inventory:read", "POST /v1/keys keys:admin", "GET /v1/keys keys:admin",
                "GET /v1/keys/{id} keys:admin", "PATCH /v1/keys/{id} keys:admin", "DELETE /v1/keys/{id} keys:admin",
                "POST /v1/keys/{id}/rotation keys:admin", "GET /v1/keys/self isAuthenticated()",
                "POST /v1/webhooks webhooks:admin", "GET /v1/webhooks webhooks:admin",
                "GET /v1/webhooks/{id} webhooks:admin", "PATCH /v1/webhooks/{id} webhooks:admin",
                "DELETE /v1/webhooks/{id} webhooks:admin", "POST /v1/webhooks/{id}/secret-rotation webhooks:admin",
                "GET /v1/webhooks/{id}/deliveries webhooks:admin", "POST /v1/webhooks/{id}/replay webhooks:admin",
                "POST /v1/webhooks/{id}/test webhooks:admin")), checked::toString);
        assertEquals(List.of(Map.of("bearerAuth", List.of())), document.get("security"));
    }

    @Test
    void theKeyApiIsDescribed() {
        Map<String, Object> create = map(document, "paths", "/keys", "post");
        assertEquals("createApiKey", create.get("operationId"));
        assertEquals(List.of("keys"), create.get("tags"));
        assertEquals("experimental", create.get("x-stability"));
        assertEquals(Map.of("$ref", "#/components/schemas/ApiKeyCreation"),
                map(create, "requestBody", "content", "application/json").get("schema"));
        assertEquals(Map.of("$ref", "#/components/schemas/IssuedApiKey"),
                map(create, "responses", "201", "content", "application/json").get("schema"));
        assertEquals(List.of("Location", "RateLimit-Policy", "RateLimit"),
                List.copyOf(map(create, "responses", "201", "headers").keySet()));
        for (String status : List.of("400", "401", "403", "413", "415", "429", "503")) {
            assertEquals(ERROR, map(create, "responses", status, "content", "application/json").get("schema"),
                    status);
        }
        assertEquals("revokeApiKey", map(document, "paths", "/keys/{id}", "delete").get("operationId"));
        assertEquals(List.of("204", "401", "403", "404", "429", "503"),
                List.copyOf(map(document, "paths", "/keys/{id}", "delete", "responses").keySet()));
        assertEquals(Map.of("$ref", "#/components/schemas/RotatedApiKey"), map(document, "paths",
                "/keys/{id}/rotation", "post", "responses", "200", "content", "application/json").get("schema"));
        assertEquals("getCallingApiKey", map(document, "paths", "/keys/self", "get").get("operationId"));
        Map<String, Object> update = map(document, "paths", "/keys/{id}", "patch");
        assertEquals("updateApiKey", update.get("operationId"));
        assertEquals("experimental", update.get("x-stability"));
        assertEquals(Map.of("$ref", "#/components/schemas/ApiKeyUpdate"),
                map(update, "requestBody", "content", "application/json").get("schema"));
        assertEquals(Map.of("$ref", "#/components/schemas/ApiKey"),
                map(update, "responses", "200", "content", "application/json").get("schema"));
        assertEquals(List.of("200", "400", "401", "403", "404", "413", "415", "429", "503"),
                List.copyOf(map(update, "responses").keySet()).stream().sorted().toList());

        Map<String, Object> schemas = map(document, "components", "schemas");
        assertEquals(List.of("name", "scopes"), map(schemas, "ApiKeyCreation").get("required"));
        assertEquals(false, map(schemas, "ApiKeyCreation").get("additionalProperties"));
        assertEquals(List.of("inventory:read", "inventory:write", "keys:admin", "webhooks:admin"),
                map(schemas, "ApiKey", "properties", "scopes", "items").get("enum"));
        assertEquals(List.of("id", "name", "scopes", "createdAt", "expiresAt", "revokedAt", "lastUsedAt", "quota",
                "quotaIsDefault"), List.copyOf(map(schemas, "ApiKey", "properties").keySet()));
        assertEquals(List.of("id", "name", "scopes", "createdAt", "expiresAt", "quota", "quotaIsDefault", "key",
                "previousKeyExpiresAt"), List.copyOf(map(schemas, "RotatedApiKey", "properties").keySet()));
        assertEquals(List.of("quota"), map(schemas, "ApiKeyUpdate").get("required"));
        assertEquals(false, map(schemas, "ApiKeyUpdate").get("additionalProperties"));
        assertEquals(List.of("perSecond", "burst", "liveFeeds"),
                List.copyOf(map(schemas, "KeyQuota", "properties").keySet()));
        assertEquals(List.of("perSecond"), map(schemas, "KeyQuota").get("required"));
        assertEquals(false, map(schemas, "KeyQuota").get("additionalProperties"));
    }

    @Test
    void theWebhookApiIsDescribed() {
        Map<String, Object> create = map(document, "paths", "/webhooks", "post");
        assertEquals("createWebhook", create.get("operationId"));
        assertEquals(List.of("webhooks"), create.get("tags"));
        assertEquals("experimental", create.get("x-stability"));
        assertEquals(schema("WebhookCreation"), map(create, "requestBody", "content", "application/json").get("schema"));
        assertEquals(schema("CreatedWebhook"),
                map(create, "responses", "201", "content", "application/json").get("schema"));
        assertEquals(List.of("Location", "RateLimit-Policy", "RateLimit"),
                List.copyOf(map(create, "responses", "201", "headers").keySet()));
        assertEquals(List.of("201", "400", "401", "403", "413", "415", "429", "503"),
                List.copyOf(map(create, "responses").keySet()));

        Map<String, String> operations = Map.of("get /webhooks", "listWebhooks", "get /webhooks/{id}", "getWebhook",
                "patch /webhooks/{id}", "updateWebhook", "delete /webhooks/{id}", "deleteWebhook",
                "post /webhooks/{id}/secret-rotation", "rotateWebhookSecret",
                "get /webhooks/{id}/deliveries", "listWebhookDeliveries", "post /webhooks/{id}/replay",
                "replayWebhook", "post /webhooks/{id}/test", "testWebhook");
        operations.forEach((operation, id) -> {
            Map<String, Object> described = operation(operation);
            assertEquals(id, described.get("operationId"), operation);
            assertEquals(List.of("webhooks"), described.get("tags"), operation);
            assertEquals("experimental", described.get("x-stability"), operation);
            if (operation.contains("{id}")) {
                assertEquals(ERROR, map(described, "responses", "404", "content", "application/json")
                        .get("schema"), operation);
            }
        });
        Map<String, String> answers = Map.of("get /webhooks", "WebhookList", "get /webhooks/{id}", "Webhook",
                "patch /webhooks/{id}", "Webhook", "post /webhooks/{id}/secret-rotation", "RotatedWebhookSecret",
                "post /webhooks/{id}/replay", "Webhook", "post /webhooks/{id}/test", "WebhookTestResult");
        answers.forEach((operation, answer) -> assertEquals(schema(answer),
                map(operation(operation), "responses", "200", "content", "application/json").get("schema"),
                operation));
        assertEquals(Map.of("type", "array", "items", schema("WebhookDeliveryAttempt")), map(
                operation("get /webhooks/{id}/deliveries"), "responses", "200", "content", "application/json")
                .get("schema"));
        assertEquals(List.of("Link", "RateLimit-Policy", "RateLimit"), List.copyOf(map(
                operation("get /webhooks/{id}/deliveries"), "responses", "200", "headers").keySet()));
        assertEquals(List.of("204", "401", "403", "404", "429", "503"),
                List.copyOf(map(operation("delete /webhooks/{id}"), "responses").keySet()));
        assertEquals(List.of("200", "400", "401", "403", "404", "410", "413", "415", "429", "503"),
                List.copyOf(map(operation("patch /webhooks/{id}"), "responses").keySet()));
        assertEquals(List.of("200", "400", "401", "403", "404", "410", "413", "415", "429", "503"),
                List.copyOf(map(operation("post /webhooks/{id}/replay"), "responses").keySet()));
        assertEquals(schema("WebhookUpdate"), map(operation("patch /webhooks/{id}"), "requestBody", "content",
                "application/json").get("schema"));
        assertEquals(schema("WebhookReplay"), map(operation("post /webhooks/{id}/replay"), "requestBody", "content",
                "application/json").get("schema"));

        Map<String, Object> schemas = map(document, "components", "schemas");
        assertEquals(List.of("id", "url", "events", "description", "enabled", "disabledReason", "createdAt", "cursor",
                "lastFailureAt", "lastFailure"), List.copyOf(map(schemas, "Webhook", "properties").keySet()));
        assertEquals(List.of("id", "url", "events", "description", "enabled", "createdAt", "secret"),
                List.copyOf(map(schemas, "CreatedWebhook", "properties").keySet()));
        assertEquals(List.of("secret", "previousSecretValidUntil"),
                List.copyOf(map(schemas, "RotatedWebhookSecret", "properties").keySet()));
        assertEquals(List.of("attemptId", "webhookId", "deliveryId", "firstChangeId", "lastChangeId", "attempt", "at",
                "status", "error", "durationMs"),
                List.copyOf(map(schemas, "WebhookDeliveryAttempt", "properties").keySet()));
        assertEquals(List.of("status", "error", "durationMs"),
                List.copyOf(map(schemas, "WebhookTestResult", "properties").keySet()));
        assertEquals(List.of("timeout", "refused", "redirect_refused", "address_refused", "tls", "network"),
                map(schemas, "WebhookTestResult", "properties", "error").get("enum"));
        assertEquals(List.of("events", "url"), map(schemas, "WebhookCreation").get("required"));
        assertEquals(List.of("url", "events", "description", "enabled"),
                List.copyOf(map(schemas, "WebhookUpdate", "properties").keySet()));
        assertEquals(1, map(schemas, "WebhookUpdate").get("minProperties"));
        assertEquals(List.of("after"), map(schemas, "WebhookReplay").get("required"));
        for (String body : List.of("WebhookCreation", "WebhookUpdate", "WebhookReplay")) {
            assertEquals(false, map(schemas, body).get("additionalProperties"), body);
        }
        for (String answer : List.of("Webhook", "WebhookList", "WebhookDeliveryAttempt", "WebhookTestResult")) {
            assertFalse(map(schemas, answer, "properties").containsKey("secret"), answer);
        }
    }

    /**
     * The deliveries are the createWebhook operation's callbacks (OpenAPI 3.0 has no top-level webhooks; Redoc reads
     * them as x-webhooks too): a POST to the webhook's url with the Standard Webhooks headers and the event as body,
     * whose changes are the ledger's StockChange and, on the first, previousChangeId.
     */
    @Test
    void theDeliveriesAreDescribedAsCallbacks() {
        Map<String, Object> callbacks = map(document, "paths", "/webhooks", "post", "callbacks");
        assertEquals(List.of("inventoryCountUpdated", "webhookTest"), List.copyOf(callbacks.keySet()));
        Map<String, Object> webhooks = map(document, "x-webhooks");
        assertEquals(List.copyOf(callbacks.keySet()), List.copyOf(webhooks.keySet()));
        for (String event : List.of("inventoryCountUpdated", "webhookTest")) {
            assertEquals(List.of("{$request.body#/url}"), List.copyOf(map(callbacks, event).keySet()), event);
            Map<String, Object> delivery = map(callbacks, event, "{$request.body#/url}", "post");
            assertEquals(List.of(Map.of("name", "webhook-id", "in", "header", "required", true),
                    Map.of("name", "webhook-timestamp", "in", "header", "required", true),
                    Map.of("name", "webhook-signature", "in", "header", "required", true)),
                    ((List<?>) delivery.get("parameters")).stream().map(parameter -> Map.of(
                            "name", ((Map<?, ?>) parameter).get("name"), "in", ((Map<?, ?>) parameter).get("in"),
                            "required", ((Map<?, ?>) parameter).get("required"))).toList(), event);
            assertEquals(map(callbacks, event, "{$request.body#/url}"), map(webhooks, event), event);
        }
        assertEquals("deliverInventoryCountUpdated", map(callbacks, "inventoryCountUpdated", "{$request.body#/url}",
                "post").get("operationId"));
        assertEquals("deliverWebhookTest", map(callbacks, "webhookTest", "{$request.body#/url}", "post")
                .get("operationId"));
        assertEquals(schema("InventoryCountUpdatedEvent"), map(callbacks, "inventoryCountUpdated",
                "{$request.body#/url}", "post", "requestBody", "content", "application/json").get("schema"));
        assertEquals(List.of("2XX", "410", "default"), List.copyOf(map(callbacks, "inventoryCountUpdated",
                "{$request.body#/url}", "post", "responses").keySet()));
        assertEquals(schema("WebhookTestEvent"), map(callbacks, "webhookTest", "{$request.body#/url}", "post",
                "requestBody", "content", "application/json").get("schema"));

        Map<String, Object> schemas = map(document, "components", "schemas");
        assertEquals(List.of("type", "timestamp", "data"),
                List.copyOf(map(schemas, "InventoryCountUpdatedEvent", "properties").keySet()));
        assertEquals(List.of("inventory.count.updated"),
                map(schemas, "InventoryCountUpdatedEvent", "properties", "type").get("enum"));
        assertEquals(List.of(schema("InventoryCountUpdatedData")),
                map(schemas, "InventoryCountUpdatedEvent", "properties", "data").get("allOf"));
        assertEquals(schema("WebhookStockChange"),
                map(schemas, "InventoryCountUpdatedData", "properties", "changes").get("items"));
        assertEquals(100, map(schemas, "InventoryCountUpdatedData", "properties", "changes").get("maxItems"));
        List<String> change = new ArrayList<>(map(schemas, "StockChange", "properties").keySet());
        change.add("previousChangeId");
        assertEquals(change, List.copyOf(map(schemas, "WebhookStockChange", "properties").keySet()));
        assertEquals(map(schemas, "StockChange").get("required"), map(schemas, "WebhookStockChange").get("required"));
        map(schemas, "StockChange", "properties").keySet().forEach(member -> assertEquals(
                withoutDescription(map(schemas, "StockChange", "properties", member)),
                withoutDescription(map(schemas, "WebhookStockChange", "properties", member)), member));
        assertEquals(List.of("webhook.test"), map(schemas, "WebhookTestEvent", "properties", "type").get("enum"));
        assertEquals(List.of("webhookId"), List.copyOf(map(schemas, "WebhookTestData", "properties").keySet()));
    }

    private Map<String, Object> operation(String methodAndPath) {
        String[] parts = methodAndPath.split(" ");
        return map(document, "paths", parts[1], parts[0]);
    }

    private static Map<String, Object> schema(String name) {
        return Map.of("$ref", "#/components/schemas/" + name);
    }

    private static Map<String, Object> withoutDescription(Map<String, Object> schema) {
        Map<String, Object> rest = new LinkedHashMap<>(schema);
        rest.remove("description");
        return rest;
    }

    /**
     * Every operation is limited by a managed key's quota: it may answer 429 with the {@code Error} body and
     * {@code Retry-After}, and each of its responses may carry {@code RateLimit-Policy} and {@code RateLimit}.
     */
    @Test
    void everyOperationMayAnswer429AndTellsTheQuotaInEachResponse() {
        List<String> checked = new ArrayList<>();
        map(document, "paths").forEach((path, item) -> map(document, "paths", path).forEach((method, operation) -> {
            String route = method + " " + path;
            Map<String, Object> responses = map(map(document, "paths", path, method), "responses");
            assertEquals(ERROR, map(responses, "429", "content", "application/json").get("schema"), route);
            assertEquals(Map.of("type", "integer", "minimum", 1),
                    map(responses, "429", "headers", "Retry-After", "schema"), route);
            responses.keySet().forEach(status -> {
                assertEquals(Map.of("type", "string"), map(responses, status, "headers", "RateLimit-Policy",
                        "schema"), route + " " + status);
                assertEquals(Map.of("type", "string"), map(responses, status, "headers", "RateLimit", "schema"),
                        route + " " + status);
            });
            checked.add(route);
        }));
        assertTrue(checked.contains("post /inventory/changes"), checked::toString);
        assertTrue(checked.contains("get /keys"), checked::toString);
        assertTrue(checked.contains("post /webhooks/{id}/test"), checked::toString);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> parent, String... keys) {
        Map<String, Object> map = parent;
        for (String key : keys) {
            Object value = map.get(key);
            assertTrue(value instanceof Map, key + " is missing in " + map.keySet());
            map = (Map<String, Object>) value;
        }
        return map;
    }
}
