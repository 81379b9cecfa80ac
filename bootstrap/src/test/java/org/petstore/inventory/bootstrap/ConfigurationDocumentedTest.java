package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * Every setting an operator can change is in the README's configuration table. A setting is a key of
 * {@code application.yml} under {@code petstore.} or {@code datasources.}, or one whose value is an
 * environment-variable placeholder ({@code ${PETSTORE_PORT:8080}}); the README names it by its environment variable:
 * the placeholder's, or else the key upper-cased with {@code .} and {@code -} replaced by {@code _}.
 */
class ConfigurationDocumentedTest {

    private static final Pattern ENVIRONMENT_PLACEHOLDER = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)(:[^}]*)?}");
    private static final Pattern TABLE_VARIABLE = Pattern.compile("`([A-Z][A-Z0-9_]*)`");
    private static final List<String> OPERATOR_SECTIONS = List.of("petstore.", "datasources.");

    @Test
    void everySettingOfApplicationYmlIsInTheReadmeTable() throws IOException {
        Map<String, String> settings = settings(applicationYml());

        assertTrue(settings.keySet().containsAll(Set.of("petstore.api-keys", "petstore.data-dir",
                "petstore.demo-data", "datasources.default.url", "micronaut.server.port")), settings.toString());
        assertEquals("PETSTORE_PORT", settings.get("micronaut.server.port"));
        assertEquals("PETSTORE_DEMO_DATA", settings.get("petstore.demo-data"));
        assertEquals(Set.of(), undocumented(settings, readme()),
                "settings of application.yml missing from the README's configuration table");
    }

    @Test
    void aSettingMissingFromTheTableIsReported() {
        String yaml = """
                micronaut:
                  application:
                    name: petstore-inventory
                  server:
                    port: ${PETSTORE_PORT:8080}
                petstore:
                  demo-data: ~
                  pets:
                    sunset-at: 2027-07-01T00:00:00Z
                datasources:
                  default:
                    url: jdbc:h2:file:${petstore.data-dir}/petstore
                """;
        String readme = """
                ## Configuration

                | variable | default | meaning |
                |---|---|---|
                | `PETSTORE_PORT` | `8080` | HTTP port |
                | `PETSTORE_DEMO_DATA` | on for H2 | demo data; `PETSTORE_PETS_SUNSET_AT` is named here, not in the first column |

                ## Next section

                | `DATASOURCES_DEFAULT_URL` | a table outside the configuration section |
                """;

        Map<String, String> settings = settings(yaml);

        assertEquals(Map.of("micronaut.server.port", "PETSTORE_PORT", "petstore.demo-data", "PETSTORE_DEMO_DATA",
                "petstore.pets.sunset-at", "PETSTORE_PETS_SUNSET_AT", "datasources.default.url",
                "DATASOURCES_DEFAULT_URL"), settings);
        assertEquals(Set.of("PETSTORE_PETS_SUNSET_AT", "DATASOURCES_DEFAULT_URL"), undocumented(settings, readme));
    }

    @Test
    void aRowMayNameSeveralVariables() {
        String readme = """
                ## Configuration

                | `DATASOURCES_DEFAULT_USERNAME` / `DATASOURCES_DEFAULT_PASSWORD` | `sa` / *(empty)* | credentials |
                """;

        assertEquals(Set.of("DATASOURCES_DEFAULT_USERNAME", "DATASOURCES_DEFAULT_PASSWORD"), tableVariables(readme));
        assertFalse(tableVariables(readme).contains("SA"));
    }

    /** Each setting's flattened key, with the environment variable that sets it. */
    static Map<String, String> settings(String yaml) {
        Map<String, String> settings = new TreeMap<>();
        Map<String, Object> tree = new Yaml().load(yaml);
        collect("", tree, settings);
        return settings;
    }

    private static void collect(String prefix, Map<?, ?> tree, Map<String, String> settings) {
        tree.forEach((name, value) -> {
            String key = prefix + name;
            if (value instanceof Map<?, ?> subtree) {
                collect(key + ".", subtree, settings);
                return;
            }
            Matcher placeholder = ENVIRONMENT_PLACEHOLDER.matcher(String.valueOf(value));
            if (placeholder.matches()) {
                settings.put(key, placeholder.group(1));
            } else if (OPERATOR_SECTIONS.stream().anyMatch(key::startsWith)) {
                settings.put(key, key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'));
            }
        });
    }

    /** The environment variables of the settings that the README's configuration table does not name. */
    static Set<String> undocumented(Map<String, String> settings, String readme) {
        Set<String> missing = new TreeSet<>(settings.values());
        missing.removeAll(tableVariables(readme));
        return missing;
    }

    /** The variables named in the first column of the table under {@code ## Configuration}. */
    static Set<String> tableVariables(String readme) {
        Set<String> variables = new TreeSet<>();
        boolean inSection = false;
        for (String line : readme.lines().toList()) {
            if (line.startsWith("## ")) {
                inSection = line.equals("## Configuration");
            } else if (inSection && line.startsWith("|")) {
                String firstCell = line.substring(1).split("\\|", -1)[0];
                Matcher variable = TABLE_VARIABLE.matcher(firstCell);
                while (variable.find()) {
                    variables.add(variable.group(1));
                }
            }
        }
        return variables;
    }

    private static String applicationYml() throws IOException {
        return read(Path.of("src", "main", "resources", "application.yml").toAbsolutePath());
    }

    private static String readme() throws IOException {
        return read(Path.of("").toAbsolutePath().getParent().resolve("README.md"));
    }

    /** A file of the project; the tests run in the bootstrap module's directory. */
    private static String read(Path file) throws IOException {
        assertTrue(Files.isRegularFile(file), "no file at " + file);
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
