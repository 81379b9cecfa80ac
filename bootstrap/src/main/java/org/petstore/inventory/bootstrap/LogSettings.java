package org.petstore.inventory.bootstrap;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The logging settings, which logback reads from the environment as it starts ({@code logback.xml}), before the
 * application's configuration exists: {@value #FORMAT} ({@code text} or {@code json}) and {@value #LEVEL} (the root
 * level), each in lower or upper case. logback logs any other value as the default; this tells the start that it is
 * not valid, so that it stops with a line that says so ({@link SettingsCheck}), written readably.
 */
final class LogSettings {

    static final String FORMAT = "PETSTORE_LOG_FORMAT";
    static final String LEVEL = "PETSTORE_LOG_LEVEL";
    static final List<String> FORMATS = List.of("text", "json");
    static final List<String> LEVELS = List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF");

    private LogSettings() {
    }

    /** A setting as logback reads it: a system property, else an environment variable. */
    static String configured(String name) {
        String property = System.getProperty(name);
        return property != null ? property : System.getenv(name);
    }

    /** What is wrong with the logging settings, if anything. */
    static Optional<String> problem(UnaryOperator<String> lookup) {
        return problem(FORMAT, FORMATS, lookup).or(() -> problem(LEVEL, LEVELS, lookup));
    }

    private static Optional<String> problem(String setting, List<String> allowed, UnaryOperator<String> lookup) {
        String value = lookup.apply(setting);
        return value == null || value.isBlank() || isOneOf(value, allowed) ? Optional.empty()
                : Optional.of(setting + " is '" + value + "', which is not one of " + String.join(", ", allowed));
    }

    /** One of the values, as logback.xml takes them: in lower or in upper case. */
    private static boolean isOneOf(String value, List<String> allowed) {
        return allowed.stream().anyMatch(v -> value.equals(v.toLowerCase(Locale.ROOT))
                || value.equals(v.toUpperCase(Locale.ROOT)));
    }
}
