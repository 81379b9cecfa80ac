package org.petstore.inventory.bootstrap;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.util.OptionHelper;
import java.util.Map;

/**
 * The service's logging, configured in code (registered in
 * {@code META-INF/services/ch.qos.logback.classic.spi.Configurator}, so logback runs it before it looks for a
 * configuration file; reading and interpreting an XML file took about 0.08 s of every start).
 *
 * <ul>
 *   <li>{@value LogSettings#FORMAT}: {@code text} (the default, for people: one line per event, the request id in
 *       brackets after the logger when the line was written while handling a request) or {@code json} (one JSON
 *       object per line, by logback's own {@link JsonEncoder}, for log collectors), to standard output.</li>
 *   <li>{@value LogSettings#LEVEL}: the root level ({@code INFO}). A value that is not valid is logged in the
 *       default ({@link LogSettings}), and the start stops with a line that says so ({@link SettingsCheck}).</li>
 *   <li>A server that cannot listen is told once, in the one startup failure line ({@link StartupFailureLogFilter}).
 *   </li>
 *   <li>API keys and passwords are never logged, whatever {@value LogSettings#LEVEL} says: the loggers that write
 *       resolved configuration values (DEBUG, TRACE) stay at INFO.</li>
 * </ul>
 *
 * <p>logback's own setting {@code logback.configurationFile} (a file, a URL or a class path resource) replaces all of
 * this with that file, as it always does.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class LogConfiguration extends ContextAwareBase implements Configurator {

    /** logback's own setting: the configuration file to read instead. */
    static final String CONFIGURATION_FILE = "logback.configurationFile";

    /** The text format: ISO time with offset, level, thread, logger, the request id if any, the message. */
    static final String TEXT_PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level [%thread] %logger{36}"
            + "%replace( [%X{requestId}]){' \\[\\]', ''} - %msg%n";

    /** Loggers whose level is fixed, whatever the root level. */
    static final Map<String, Level> LEVELS = Map.of(
            "com.zaxxer.hikari", Level.WARN,
            "org.flywaydb", Level.INFO,
            // they write resolved configuration values (API keys, passwords) at DEBUG and TRACE
            "io.micronaut.context.DefaultApplicationContext", Level.INFO,
            "io.micronaut.context.env", Level.INFO,
            "io.micronaut.inject", Level.INFO,
            // one line per request; switched off with PETSTORE_ACCESS_LOG=false
            "petstore.access", Level.INFO);

    /** For {@link java.util.ServiceLoader}. */
    public LogConfiguration() {
    }

    @Override
    public ExecutionStatus configure(LoggerContext logging) {
        if (OptionHelper.getSystemProperty(CONFIGURATION_FILE) != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        apply(logging);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** Configures the service's logging, whatever {@code logback.configurationFile} says. */
    void apply(LoggerContext logging) {
        setContext(logging);
        String format = LogSettings.format(name -> OptionHelper.propertyLookup(name, logging, null));
        String level = LogSettings.level(name -> OptionHelper.propertyLookup(name, logging, null));

        Encoder<ILoggingEvent> encoder = "json".equals(format) ? json(logging) : text(logging);
        ConsoleAppender<ILoggingEvent> stdout = new ConsoleAppender<>();
        stdout.setContext(logging);
        stdout.setName("STDOUT");
        stdout.setEncoder(encoder);
        stdout.start();

        StartupFailureLogFilter startupFailure = new StartupFailureLogFilter();
        startupFailure.setContext(logging);
        startupFailure.start();
        logging.addTurboFilter(startupFailure);

        LEVELS.forEach((name, fixed) -> logging.getLogger(name).setLevel(fixed));
        Logger root = logging.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.toLevel(level));
        root.addAppender(stdout);
    }

    private static Encoder<ILoggingEvent> text(LoggerContext logging) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(logging);
        encoder.setPattern(TEXT_PATTERN);
        encoder.start();
        return encoder;
    }

    /**
     * {"timestamp":<epoch ms>,"level":..,"threadName":..,"loggerName":..,"mdc": {"requestId":..},"kvpList": [..],
     * "formattedMessage":..,"throwable":<object or null>}.
     */
    private static Encoder<ILoggingEvent> json(LoggerContext logging) {
        JsonEncoder encoder = new JsonEncoder();
        encoder.setContext(logging);
        encoder.setWithSequenceNumber(false);
        encoder.setWithNanoseconds(false);
        encoder.setWithContext(false);
        encoder.setWithArguments(false);
        encoder.setWithMessage(false);
        encoder.setWithFormattedMessage(true);
        encoder.start();
        return encoder;
    }
}
