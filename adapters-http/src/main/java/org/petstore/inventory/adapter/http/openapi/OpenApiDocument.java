package org.petstore.inventory.adapter.http.openapi;

import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The OpenAPI document of the API, as served. micronaut-openapi generates it at build time from the controllers;
 * at startup it gets what only the deployment knows: its servers, first {@code /v1} relative to the document (the
 * server that serves it, whatever its port), then the production and staging addresses when they are configured
 * ({@link OpenApiServers}), each ending in {@code /v1}, with the paths relative to them, and the
 * {@link OperationExtension}s, such as the configured sunset date of the deprecated pet lookup ({@code x-sunset});
 * each operation's scope is its {@code x-required-scopes} ({@link #scopesAsExtension}); the requests the service sends
 * (an operation's callbacks: the webhooks' deliveries) are also listed as {@code x-webhooks} ({@link #webhooks}).
 */
@Singleton
final class OpenApiDocument {

    static final String GENERATED = "META-INF/swagger/petstore-openapi.json";
    static final String VERSION_PREFIX = "/v1";

    /**
     * The first server: {@code /v1}, relative, so that it is the server that serves the document (OpenAPI 3.0:
     * "relative to the location where the OpenAPI document is being served"), on whatever host and port it runs;
     * Swagger UI's "Try it out" sends its requests there.
     */
    static final String THIS_SERVER = "this server";

    private static final String RATE_LIMITED = "429";
    private static final String RATE_LIMIT_POLICY = "RateLimit-Policy";
    private static final String RATE_LIMIT = "RateLimit";

    private final String json;
    private final String yaml;

    OpenApiDocument(JsonMapper jsonMapper, OpenApiServers servers, List<OperationExtension> extensions) {
        Map<String, Object> document = load(jsonMapper);
        List<Map<String, Object>> listed = new ArrayList<>();
        listed.add(server("", THIS_SERVER));
        if (servers.productionUrl() != null && !servers.productionUrl().isBlank()) {
            listed.add(server(servers.productionUrl(), "production"));
        }
        if (servers.stagingUrl() != null && !servers.stagingUrl().isBlank()) {
            listed.add(server(servers.stagingUrl(), "staging"));
        }
        document.put("servers", listed);
        Map<String, Object> paths = map(document.get("paths"));
        for (OperationExtension extension : extensions) {
            map(map(paths.get(extension.path())).get(extension.method())).put(extension.name(), extension.value());
        }
        paths.values().forEach(item -> map(item).values().forEach(OpenApiDocument::listResponsesInStatusOrder));
        paths.values().forEach(item -> map(item).values().forEach(OpenApiDocument::scopesAsExtension));
        paths.values().forEach(item -> map(item).values().forEach(OpenApiDocument::quotaFieldsOnLimited));
        document.put("paths", relativeToServers(paths));
        Map<String, Object> webhooks = webhooks(jsonMapper, paths);
        if (!webhooks.isEmpty()) {
            document.put("x-webhooks", webhooks);
        }
        try {
            this.json = jsonMapper.writeValueAsString(document);
        } catch (IOException e) {
            throw new UncheckedIOException("the OpenAPI document could not be written as JSON", e);
        }
        this.yaml = new Yaml(yamlOptions()).dump(document);
    }

    String json() {
        return json;
    }

    String yaml() {
        return yaml;
    }

    private static Map<String, Object> load(JsonMapper jsonMapper) {
        try (InputStream in = OpenApiDocument.class.getClassLoader().getResourceAsStream(GENERATED)) {
            if (in == null) {
                throw new IllegalStateException(GENERATED + " is missing: build the project with its annotation "
                        + "processors (micronaut-openapi) so the document is generated");
            }
            return new LinkedHashMap<>(jsonMapper.readValue(in.readAllBytes(),
                    Argument.mapOf(String.class, Object.class)));
        } catch (IOException e) {
            throw new UncheckedIOException("the generated OpenAPI document could not be read", e);
        }
    }

    private static Map<String, Object> server(String baseUrl, String description) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        Map<String, Object> server = new LinkedHashMap<>();
        server.put("url", base + VERSION_PREFIX);
        server.put("description", description);
        return server;
    }

    /** The controllers' paths start with the version; in the document they are relative to the servers. */
    private static Map<String, Object> relativeToServers(Map<String, Object> paths) {
        Map<String, Object> relative = new LinkedHashMap<>();
        paths.forEach((path, item) -> relative.put(
                path.startsWith(VERSION_PREFIX + "/") ? path.substring(VERSION_PREFIX.length()) : path, item));
        return relative;
    }

    /** The generator lists an operation's own responses before its controller's shared ones: list them by status. */
    private static void listResponsesInStatusOrder(Object operation) {
        if (operation instanceof Map<?, ?> fields && fields.get("responses") instanceof Map<?, ?>) {
            Map<String, Object> responses = map(fields.get("responses"));
            Map<String, Object> byStatus = new TreeMap<>(responses);
            responses.clear();
            responses.putAll(byStatus);
        }
    }

    /**
     * The generator copies an operation's {@code @Secured} scope into its security requirement
     * ({@code bearerAuth: [inventory:write]}); OpenAPI 3.0 allows scopes there only for OAuth2 and OpenID Connect, so
     * the requirement lists none and the operation names its scopes as {@code x-required-scopes}.
     */
    private static void scopesAsExtension(Object operation) {
        if (operation instanceof Map<?, ?> fields && fields.get("security") instanceof List<?> requirements) {
            List<Object> scopes = new ArrayList<>();
            List<Map<String, Object>> empty = new ArrayList<>();
            for (Object requirement : requirements) {
                Map<String, Object> schemes = new LinkedHashMap<>();
                map(requirement).forEach((scheme, listed) -> {
                    scopes.addAll((List<?>) listed);
                    schemes.put(scheme, List.of());
                });
                empty.add(schemes);
            }
            if (!scopes.isEmpty()) {
                map(operation).put("security", empty);
                map(operation).put("x-required-scopes", scopes);
            }
        }
    }

    /**
     * An operation that can answer 429 (every one of {@link ErrorResponses.OfEveryOperation}) is limited by the
     * quota of a managed key: each of its responses may carry the two fields of draft-ietf-httpapi-ratelimit-headers-10
     * that tell the key where it stands. Declared here, once, for all of them.
     */
    private static void quotaFieldsOnLimited(Object operation) {
        if (operation instanceof Map<?, ?> fields && fields.get("responses") instanceof Map<?, ?> responses
                && responses.containsKey(RATE_LIMITED)) {
            responses.values().forEach(response -> {
                Map<String, Object> headers = map(map(response).computeIfAbsent("headers",
                        name -> new LinkedHashMap<String, Object>()));
                headers.put(RATE_LIMIT_POLICY, stringHeader("With a managed API key: its quota, "
                        + "\"default\";q=<requests a second>;w=1; on a 429 for a live feed also "
                        + "\"feeds\";q=<live feeds>;qu=\"concurrent-requests\" (draft-ietf-httpapi-ratelimit-headers)"));
                headers.put(RATE_LIMIT, stringHeader("With a managed API key: where it stands, "
                        + "\"default\";r=<requests it may send at once>;t=<seconds until its burst is whole again> "
                        + "(draft-ietf-httpapi-ratelimit-headers)"));
            });
        }
    }

    /**
     * The requests the service sends, by the name of the callback that describes each (OpenAPI 3.0 describes them as
     * an operation's {@code callbacks}; 3.1 has a top-level {@code webhooks}, which Redoc reads from 3.0 documents as
     * {@code x-webhooks}): each callback's path item, copied, so that the YAML has no anchors.
     */
    private static Map<String, Object> webhooks(JsonMapper jsonMapper, Map<String, Object> paths) {
        Map<String, Object> webhooks = new LinkedHashMap<>();
        paths.values().forEach(item -> map(item).values().forEach(operation -> {
            if (operation instanceof Map<?, ?> fields && fields.get("callbacks") instanceof Map<?, ?> callbacks) {
                map(callbacks).forEach((name, callback) -> map(callback).values()
                        .forEach(pathItem -> webhooks.put(name, copy(jsonMapper, pathItem))));
            }
        }));
        return webhooks;
    }

    private static Object copy(JsonMapper jsonMapper, Object value) {
        try {
            return jsonMapper.readValue(jsonMapper.writeValueAsBytes(value), Argument.mapOf(String.class,
                    Object.class));
        } catch (IOException e) {
            throw new UncheckedIOException("a part of the OpenAPI document could not be copied", e);
        }
    }

    private static Map<String, Object> stringHeader(String description) {
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("description", description);
        header.put("schema", Map.of("type", "string"));
        return header;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        if (value instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw new IllegalStateException("the generated OpenAPI document does not have the expected structure");
    }

    private static DumperOptions yamlOptions() {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndent(2);
        options.setWidth(120);
        return options;
    }
}
