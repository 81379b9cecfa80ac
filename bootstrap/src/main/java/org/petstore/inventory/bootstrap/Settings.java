package org.petstore.inventory.bootstrap;

import io.micronaut.context.env.Environment;
import io.micronaut.context.env.PropertySource;
import io.micronaut.context.env.yaml.YamlPropertySourceLoader;
import io.micronaut.core.io.scan.ClassPathResourceLoader;
import io.micronaut.core.annotation.Nullable;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The service's settings as an operator sets them: the environment variable of each configuration property, and
 * its value. A property whose value in {@code application.yml} is {@code ${VARIABLE:default}} is set by that
 * variable (e.g. {@code micronaut.server.port} by {@code PETSTORE_PORT}); every other one by its name upper-cased
 * with {@code .} and {@code -} replaced by {@code _} (Micronaut's rule, e.g. {@code PETSTORE_DEMO_DATA}).
 */
final class Settings {

    /** A property name as the service's messages mention them. */
    private static final Pattern PROPERTY =
            Pattern.compile("\\b(?:petstore|micronaut|datasources)\\.[a-z0-9.-]*[a-z0-9]");
    private static final Pattern PLACEHOLDER = Pattern.compile("^\\$\\{([A-Z][A-Z0-9_]*)[:}]");
    private static final Pattern SECRET = Pattern.compile("(?i)password|key");

    /** What a value of each type looks like, for a value that cannot be converted to it. */
    private static final Map<String, String> EXPECTED = Map.ofEntries(
            Map.entry("int", "a whole number"), Map.entry("Integer", "a whole number"),
            Map.entry("long", "a whole number"), Map.entry("Long", "a whole number"),
            Map.entry("boolean", "true or false"), Map.entry("Boolean", "true or false"),
            Map.entry("Duration", "a duration such as 500ms, 10s or 2m"),
            Map.entry("Instant", "an instant such as 2026-01-01T00:00:00Z"));

    /**
     * {@code application.yml} as written, placeholders unresolved; read from the class path, since a start that
     * failed may have closed the environment already.
     */
    private static final Optional<PropertySource> APPLICATION_YML = new YamlPropertySourceLoader()
            .load("application", ClassPathResourceLoader.defaultLoader(Settings.class.getClassLoader()));

    private final @Nullable Environment environment;

    Settings(@Nullable Environment environment) {
        this.environment = environment;
    }

    /** The environment variable that sets a property. */
    String variable(String property) {
        if (APPLICATION_YML.orElse(null) instanceof PropertySource yml && yml.get(property) instanceof String raw) {
            Matcher placeholder = PLACEHOLDER.matcher(raw.strip());
            if (placeholder.find()) {
                return placeholder.group(1);
            }
        }
        return property.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** A property's value as configured; empty when it has none, or when the environment is not running. */
    Optional<String> value(String property) {
        if (environment == null || !environment.isRunning()) {
            return Optional.empty();
        }
        return environment.getProperty(property, String.class);
    }

    /** What a value of a property of the given type (a class name) looks like: "a whole number", ... */
    static String expected(String property, String type) {
        if (property.endsWith("request-size")) {
            return "a size such as 64KB or 1MB";
        }
        String simpleName = type.substring(type.lastIndexOf('.') + 1);
        return EXPECTED.getOrDefault(simpleName, enumConstants(type).orElse("a valid " + simpleName));
    }

    /** "one of A, B or C" for an enum type's name, in the case the settings take them. */
    private static Optional<String> enumConstants(String type) {
        try {
            Object[] constants = Class.forName(type, false, Settings.class.getClassLoader()).getEnumConstants();
            if (constants == null || constants.length == 0) {
                return Optional.empty();
            }
            List<String> names = Arrays.stream(constants).map(constant -> ((Enum<?>) constant).name()).toList();
            return Optional.of(names.size() == 1 ? names.getFirst() : "one of "
                    + String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.getLast());
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }

    /** A value fit for a log line: that of a password or key is not shown. */
    String printable(String property, String value) {
        return SECRET.matcher(property).find() ? "****" : value;
    }

    /** A message about settings with each property it mentions named by its environment variable instead. */
    String withVariables(String message) {
        if (message == null) {
            return "";
        }
        return PROPERTY.matcher(message).replaceAll(property -> Matcher.quoteReplacement(variable(property.group())))
                .replaceAll("\\b([A-Z][A-Z0-9_]+) \\(\\1\\)", "$1");
    }
}
