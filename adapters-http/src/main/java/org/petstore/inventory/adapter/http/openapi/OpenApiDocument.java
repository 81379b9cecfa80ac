package org.petstore.inventory.adapter.http.openapi;

import io.micronaut.context.annotation.Property;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.petstore.inventory.adapter.http.pet.PetsDeprecation;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The OpenAPI document of the API, as served. micronaut-openapi generates it at build time from the controllers;
 * at startup it gets what only the deployment knows: the production and staging server addresses
 * ({@code petstore.openapi.production-url}, {@code petstore.openapi.staging-url}), each ending in {@code /v1}, with
 * the paths relative to them, and the configured sunset date of the deprecated pet lookup ({@code x-sunset}).
 */
@Singleton
final class OpenApiDocument {

    static final String GENERATED = "META-INF/swagger/petstore-openapi.json";
    static final String VERSION_PREFIX = "/v1";
    static final String PETS_PATH = "/pets/{petId}";

    private final String json;
    private final String yaml;

    OpenApiDocument(JsonMapper jsonMapper,
                    PetsDeprecation petsDeprecation,
                    @Property(name = "petstore.openapi.production-url", defaultValue = "http://localhost:8080")
                    String productionUrl,
                    @Property(name = "petstore.openapi.staging-url", defaultValue = "http://localhost:8081")
                    String stagingUrl) {
        Map<String, Object> document = load(jsonMapper);
        document.put("servers", List.of(
                server(productionUrl, "production"),
                server(stagingUrl, "staging")));
        document.put("paths", relativeToServers(map(document.get("paths"))));
        map(map(map(document.get("paths")).get(PETS_PATH)).get("get"))
                .put("x-sunset", petsDeprecation.sunsetAt().toString());
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
