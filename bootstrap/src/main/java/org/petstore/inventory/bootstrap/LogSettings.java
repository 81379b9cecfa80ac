package org.petstore.inventory.bootstrap;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The logging settings, which logback reads as it is configured ({@link LogConfiguration}), before the application
 * starts: {@value #FORMAT} ({@code text} or {@code json}) and {@value #LEVEL} (the root level). A value that is not one
 * of those stops the start ({@link SettingsCheck}); until then logback uses the default, so that the line saying so
 * is written, readably.
 */
final class LogSettings {

    static final String FORMAT = "PETSTORE_LOG_FORMAT";
    static final String LEVEL = "PETSTORE_LOG_LEVEL";
    static final List<String> FORMATS = List.of("text", "json");
    static final List<String> LEVELS = List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF");
    static final String DEFAULT_FORMAT = "text";
    static final String DEFAULT_LEVEL = "INFO";

    private LogSettings() {
    }

    /**
     * A setting read before the application context exists (the logging settings as logback reads them): a system
     * property, else an environment variable.
     */
    static String configured(String name) {
        String property = System.getProperty(name);
        return property != null ? property : System.getenv(name);
    }

    /** The format to log in: the configured one when it is valid, else the default. */
    static String format(UnaryOperator<String> lookup) {
        return valid(lookup.apply(FORMAT), FORMATS).map(value -> value.toLowerCase(Locale.ROOT))
                .orElse(DEFAULT_FORMAT);
    }

    /** The root level: the configured one when it is valid, else the default. */
    static String level(UnaryOperator<String> lookup) {
        return valid(lookup.apply(LEVEL), LEVELS).map(value -> value.toUpperCase(Locale.ROOT)).orElse(DEFAULT_LEVEL);
    }

    /** What is wrong with the logging settings, if anything. */
    static Optional<String> problem(UnaryOperator<String> lookup) {
        String format = lookup.apply(FORMAT);
        if (isSet(format) && valid(format, FORMATS).isEmpty()) {
            return Optional.of(FORMAT + " is '" + format + "', which is not one of " + String.join(", ", FORMATS));
        }
        String level = lookup.apply(LEVEL);
        if (isSet(level) && valid(level, LEVELS).isEmpty()) {
            return Optional.of(LEVEL + " is '" + level + "', which is not one of " + String.join(", ", LEVELS));
        }
        return Optional.empty();
    }

    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }

    private static Optional<String> valid(String value, List<String> allowed) {
        return Optional.ofNullable(value).map(String::strip)
                .filter(v -> allowed.stream().anyMatch(v::equalsIgnoreCase));
    }
}
