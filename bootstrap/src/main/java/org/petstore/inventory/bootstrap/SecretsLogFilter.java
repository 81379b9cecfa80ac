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
 * Keeps configured keys and passwords, and the keys a request carries (an {@code Authorization} header, a query string
 * such as {@code ?access_token=...}), out of every log, whatever level their loggers are given. Below INFO, nothing is
 * written by the framework's loggers that write resolved configuration values (the environment's "Resolved value
 * [...]" and the injection of configuration at TRACE, the application context and the event publisher at DEBUG),
 * micronaut-security's token reader (a malformed header's value at DEBUG), its security filter and rules (the path,
 * where a client may paste a key: "Authorized request GET /v1/inventory/..."), and the loggers that write a request's URI,
 * query string included: Micronaut's HTTP server ("Request GET /v1/inventory?...", "Response 401 - GET ...", no route,
 * wrong method or media type; its Netty wire log, {@code micronaut.server.netty.log-level}, on the logger of
 * {@code NettyHttpServer}), its router (route versions) and Netty's {@code LoggingHandler}. At every level: Micronaut's
 * own access log ({@code HTTP_ACCESS_LOGGER}, the whole URI), should it be switched on (the service writes its own
 * line, the path without the query, on {@code petstore.access}), and the Netty wire log given INFO or above. Named in {@code logback.xml} and
 * {@code logback-cli.xml}, and installed by {@link Application#main} too, so that an operator's own logging
 * configuration ({@code -Dlogback.configurationFile}) cannot leave it out.
 */
public final class SecretsLogFilter extends TurboFilter {

    /** The loggers, and the loggers below them, that may write a secret or a request's URI below INFO. */
    static final List<String> LOGGERS = List.of(
            "io.micronaut.context.DefaultApplicationContext",
            "io.micronaut.context.env",
            "io.micronaut.inject",
            "io.micronaut.context.event.ApplicationEventPublisher",
            "io.micronaut.security.token.reader",
            "io.micronaut.security.filters",
            "io.micronaut.security.rules",
            "io.micronaut.http.server",
            "io.micronaut.web.router",
            "io.netty.handler.logging");

    /** Micronaut's access logger: one INFO line per request with the request line, query string included. */
    static final String FRAMEWORK_ACCESS_LOGGER = "HTTP_ACCESS_LOGGER";

    /** The logger Micronaut gives Netty's wire log ({@code micronaut.server.netty.log-level}): bytes, headers too. */
    static final String WIRE_LOGGER = "io.micronaut.http.server.netty.NettyHttpServer";

    /** How each line of Netty's wire log begins: the channel, {@code [id: 0x...}. */
    private static final String WIRE_LINE = "[id: 0x";

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                              Throwable t) {
        String name = logger.getName();
        if (name.equals(FRAMEWORK_ACCESS_LOGGER)
                || name.equals(WIRE_LOGGER) && format != null && format.startsWith(WIRE_LINE)) {
            return FilterReply.DENY;
        }
        if (level == null || level.isGreaterOrEqual(Level.INFO)) {
            return FilterReply.NEUTRAL;
        }
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
