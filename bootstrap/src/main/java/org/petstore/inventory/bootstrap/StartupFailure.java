package org.petstore.inventory.bootstrap;

import io.micronaut.context.env.Environment;
import io.micronaut.context.exceptions.ConfigurationException;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.server.exceptions.ServerStartupException;
import java.net.BindException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.flywaydb.core.api.FlywayException;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseFailure;
import org.petstore.inventory.adapter.persistence.FailureCauses;

/**
 * Why the service could not start, told in one line that names the cause and the setting to change (by its
 * environment variable, see {@link Settings}), instead of the stack traces of the framework that noticed it: a
 * setting whose value is not valid (one the service checks itself, {@link ConfigurationException}, or one that cannot
 * be converted to its type); the HTTP port (in use, not allowed, out of range); the database (unknown host,
 * unreachable, wrong credentials, unknown database, the embedded database's files in use or not writable, a schema
 * that cannot be migrated); a setting the connection pool refuses; Micronaut's event loops asked to carry virtual
 * threads in a JVM that does not open {@code java.lang} to them (a start other than {@code java -jar} or the
 * launcher). Anything else is told by its innermost cause, with where to find the stack trace.
 */
final class StartupFailure {

    /** Micronaut's message when a property value cannot be converted to the type of what it configures. */
    private static final Pattern UNCONVERTIBLE = Pattern.compile("Error resolving property value \\[([^\\]]+)]\\. "
            + "Unable to convert value \\[(.*?)] to target type \\[([^\\]]+)]");

    /** The JDK's message for a name that is none of an enum's constants. */
    private static final Pattern NO_ENUM_CONSTANT = Pattern.compile("No enum constant ([\\w.$]+)\\.[^.\\s]*");

    /** The settings of the connection pool, by the name HikariCP gives them in its messages. */
    private static final Map<String, String> POOL_SETTINGS = Map.of(
            "maxPoolSize", "datasources.default.maximum-pool-size",
            "connectionTimeout", "datasources.default.connection-timeout");

    /** The bean Micronaut cannot make when java.lang is not open to it, as its message names it. */
    private static final String LOOM_CARRIER_FACTORY = "LoomCarrierGroup$Factory";

    /** The credentials of the inventory database. */
    private static final String USER = "datasources.default.username";
    private static final String PASSWORD = "datasources.default.password";

    private final Throwable failure;
    private final Settings settings;

    private StartupFailure(Throwable failure, @Nullable Environment environment) {
        this.failure = failure;
        this.settings = new Settings(environment);
    }

    /** The line that tells why the start failed, without the "Cannot start:" that the log line begins with. */
    static String explain(Throwable failure, @Nullable Environment environment) {
        StartupFailure startup = new StartupFailure(failure, environment);
        return oneLine(startup.invalidSetting()
                .or(startup::unconvertibleSetting)
                .or(startup::portUnavailable)
                .or(startup::database)
                .or(startup::poolSetting)
                .or(startup::schema)
                .or(startup::virtualThreadCarrier)
                .orElseGet(startup::unknown));
    }

    /** The innermost SQL failure behind a startup failure, if the database is what failed. */
    static Optional<SQLException> databaseFailure(Throwable failure) {
        return DatabaseFailure.innermostSqlFailure(failure);
    }

    private Optional<String> invalidSetting() {
        return innermost(ConfigurationException.class).map(e -> settings.withVariables(e.getMessage()));
    }

    private Optional<String> unconvertibleSetting() {
        for (String message : causes().map(Throwable::getMessage).filter(message -> message != null).toList()) {
            Matcher match = UNCONVERTIBLE.matcher(message);
            if (match.find()) {
                // an enum's class is named in full only after "No enum constant"
                Matcher enumConstant = NO_ENUM_CONSTANT.matcher(message);
                String type = enumConstant.find() ? enumConstant.group(1) : match.group(3);
                return Optional.of(settings.variable(match.group(1)) + " is '"
                        + settings.printable(match.group(1), match.group(2)) + "', which is not "
                        + Settings.expected(match.group(1), type));
            }
        }
        return Optional.empty();
    }

    private Optional<String> portUnavailable() {
        Optional<ServerStartupException> serverFailure = innermost(ServerStartupException.class);
        if (serverFailure.isEmpty()) {
            return Optional.empty();
        }
        // the environment is closed by now: the port is the one the server names ("... on *:8080")
        Matcher address = Pattern.compile(":(-?\\d+)$").matcher(String.valueOf(serverFailure.get().getMessage()));
        String port = address.find() ? address.group(1) : settings.value("micronaut.server.port").orElse("?");
        String variable = settings.variable("micronaut.server.port");
        Throwable root = FailureCauses.root(failure);
        String reason = String.valueOf(root.getMessage());
        if (root instanceof BindException || reason.contains("Address already in use")) {
            return Optional.of("port " + port + " is in use by another process; stop that process or set " + variable
                    + " to a free port");
        }
        if (reason.contains("Permission denied")) {
            return Optional.of("port " + port + " may not be used by this user (ports below 1024 need privileges); set "
                    + variable + " to a port from 1024 to 65535");
        }
        return Optional.of("the HTTP server cannot listen on port " + port + " (" + reason + "); set " + variable
                + " to a port from 1 to 65535");
    }

    private Optional<String> database() {
        return databaseFailure(failure).map(this::explainDatabase);
    }

    private String explainDatabase(SQLException sql) {
        String url = DatabaseBackend.redact(settings.value(DatabaseBackend.URL_PROPERTY).orElse(null));
        String urlVariable = settings.variable(DatabaseBackend.URL_PROPERTY);
        String message = firstSentence(sql.getMessage());
        String database = "the inventory database at " + url;
        boolean passwordGiven = settings.value(PASSWORD).map(p -> !p.isEmpty()).orElse(true);
        return switch (DatabaseFailure.of(failure, passwordGiven)) {
            case UNKNOWN_HOST -> "the host of the inventory database, "
                    + innermost(UnknownHostException.class).map(Throwable::getMessage).orElse(url) + ", is unknown; "
                    + "correct the host in " + urlVariable + " (" + url + ")";
            case FILES_IN_USE -> "the embedded database " + quoted(sql.getMessage()).orElse(url) + " is in use by "
                    + "another process (another instance of the service?); stop that process, or set "
                    + settings.variable("petstore.data-dir") + " to another directory";
            case FILES_NOT_WRITABLE -> "the files of the embedded database cannot be written (" + message + "); set "
                    + settings.variable("petstore.data-dir") + " to a directory the service may write";
            case PASSWORD_MISSING -> database + " asks user " + settings.value(USER).orElse("?")
                    + " for a password, and none is set; set " + settings.variable(PASSWORD);
            case CREDENTIALS_REFUSED -> database + " refused the user and password (" + message + "); set "
                    + settings.variable(USER) + " and " + settings.variable(PASSWORD);
            case LOGIN_NOT_PERMITTED -> database + " does not permit user " + settings.value(USER).orElse("?")
                    + " to log in (" + message + "); allow it to log in, or set " + settings.variable(USER)
                    + " to a user that may";
            case DATABASE_MISSING -> database + " does not exist (" + message + "); create it (empty, owned by the "
                    + "service's user) or correct the database name in " + urlVariable;
            case CONNECTION_REFUSED, TIMEOUT, UNREACHABLE -> database + " cannot be reached (" + message + "); check "
                    + "that the database server is running and that " + urlVariable + " names its host and port";
            case CONFLICT, INTEGRITY_VIOLATION, OTHER -> database + " cannot be used (" + message + "); check "
                    + urlVariable + ", " + settings.variable(USER) + " and the database's state";
        };
    }

    /** An argument the connection pool (HikariCP) refuses, named as the pool names it. */
    private Optional<String> poolSetting() {
        return causes()
                .filter(IllegalArgumentException.class::isInstance)
                .filter(e -> e.getStackTrace().length > 0
                        && e.getStackTrace()[0].getClassName().startsWith("com.zaxxer.hikari."))
                .findFirst()
                .map(e -> POOL_SETTINGS.entrySet().stream()
                        .filter(setting -> String.valueOf(e.getMessage()).startsWith(setting.getKey()))
                        .findFirst()
                        .map(setting -> settings.variable(setting.getValue()) + " is '"
                                + settings.value(setting.getValue()).orElse("") + "': " + e.getMessage())
                        .orElse("the database connection pool refuses its settings (" + e.getMessage()
                                + "); check the " + "DATASOURCES_DEFAULT_* settings"));
    }

    private Optional<String> schema() {
        return innermost(FlywayException.class).map(e -> "the schema of the inventory database at "
                + DatabaseBackend.redact(settings.value(DatabaseBackend.URL_PROPERTY).orElse(null))
                + " cannot be migrated: " + e.getMessage());
    }

    private Optional<String> virtualThreadCarrier() {
        String property = "micronaut.netty.event-loops.default.loom-carrier";
        return causes().map(Throwable::getMessage)
                .filter(message -> message != null && message.contains(LOOM_CARRIER_FACTORY))
                .findFirst()
                .map(message -> settings.variable(property) + " is true, but the JVM does not open java.lang to the "
                        + "service; start it with the launcher or java -jar, add "
                        + "--add-opens=java.base/java.lang=ALL-UNNAMED to the JVM's options, or set "
                        + settings.variable(property) + "=false");
    }

    private String unknown() {
        Throwable root = FailureCauses.root(failure);
        return root.getClass().getSimpleName() + ": " + root.getMessage() + " (with PETSTORE_LOG_LEVEL=DEBUG the "
                + "stack trace is logged)";
    }

    private Stream<Throwable> causes() {
        return FailureCauses.chain(failure);
    }

    private <T extends Throwable> Optional<T> innermost(Class<T> type) {
        return causes().filter(type::isInstance).map(type::cast).reduce((outer, inner) -> inner);
    }

    /** The first sentence of a driver's message ("Connection to db:5432 refused. Check that ..."). */
    private static String firstSentence(String message) {
        if (message == null) {
            return "no message";
        }
        int end = message.indexOf(". ");
        return end > 0 ? message.substring(0, end) : message;
    }

    /** The first double-quoted part of a message (H2 quotes the file it means). */
    private static Optional<String> quoted(String message) {
        Matcher quoted = Pattern.compile("\"([^\"]+)\"").matcher(String.valueOf(message));
        return quoted.find() ? Optional.of(quoted.group(1)) : Optional.empty();
    }

    /** Line breaks in a message (Flyway's, Micronaut's) become spaces: the failure is one line. */
    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
