package org.petstore.inventory.bootstrap;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.Marker;

/**
 * Leaves out what Micronaut's Netty server logs, with a stack trace, when it cannot listen (the port in use, say)
 * just before it throws: the service tells that failure once, in its one startup line ({@link StartupFailure}).
 * Everything else the server logs is kept.
 */
public final class StartupFailureLogFilter extends TurboFilter {

    static final String SERVER_LOGGER = "io.micronaut.http.server.netty.NettyHttpServer";

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                              Throwable t) {
        boolean serverStartFailure = level == Level.ERROR && format != null
                && SERVER_LOGGER.equals(logger.getName())
                && (format.startsWith("Error starting Micronaut server") || format.startsWith("Unable to start server"));
        return serverStartFailure ? FilterReply.DENY : FilterReply.NEUTRAL;
    }
}
