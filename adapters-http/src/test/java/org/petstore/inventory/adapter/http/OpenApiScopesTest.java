package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import io.micronaut.security.annotation.Secured;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.web.router.Router;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The served OpenAPI document says what scope each operation needs, as its route declares it: as the operation's
 * {@code x-required-scopes} beside its bearer requirement (OpenAPI 3.0 lists scopes in a requirement only for OAuth2),
 * with a 403 response; and it describes the key API.
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
                "POST /v1/keys/{id}/rotation keys:admin", "GET /v1/keys/self isAuthenticated()")), checked::toString);
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
