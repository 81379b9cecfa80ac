package org.petstore.inventory.bootstrap;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.List;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

/**
 * Keeps configured keys and passwords, and the values of presented {@code Authorization} headers, out of every log,
 * whatever level their loggers are given: the framework's loggers that write resolved configuration values (the
 * environment's "Resolved value [...]" and the injection of configuration at TRACE, the application context and the
 * event publisher at DEBUG) and micronaut-security's token reader write nothing below INFO. Named in
 * {@code logback.xml} and {@code logback-cli.xml}, and installed by {@link Application#main} too, so that a logging
 * configuration of the operator's own ({@code -Dlogback.configurationFile}) cannot leave it out.
 */
public final class SecretsLogFilter extends TurboFilter {

    /** The loggers, and the loggers below them, that may write a secret below INFO. */
    static final List<String> LOGGERS = List.of(
            "io.micronaut.context.DefaultApplicationContext",
            "io.micronaut.context.env",
            "io.micronaut.inject",
            "io.micronaut.context.event.ApplicationEventPublisher",
            "io.micronaut.security.token.reader");

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                              Throwable t) {
        if (level == null || level.isGreaterOrEqual(Level.INFO)) {
            return FilterReply.NEUTRAL;
        }
        String name = logger.getName();
        for (String quiet : LOGGERS) {
            if (name.startsWith(quiet) && (name.length() == quiet.length() || name.charAt(quiet.length()) == '.'
                    || name.charAt(quiet.length()) == '$')) {
                return FilterReply.DENY;
            }
        }
        return FilterReply.NEUTRAL;
    }

    /** Adds the filter to logback's configuration, unless the configuration has it already. */
    static void install() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logging
                && logging.getTurboFilterList().stream().noneMatch(SecretsLogFilter.class::isInstance)) {
            SecretsLogFilter filter = new SecretsLogFilter();
            filter.setContext(logging);
            filter.start();
            logging.addTurboFilter(filter);
        }
    }
}
