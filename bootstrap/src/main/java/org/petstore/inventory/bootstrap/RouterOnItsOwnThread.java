package org.petstore.inventory.bootstrap;

import io.micronaut.context.BeanContext;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Order;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.server.HttpServerConfiguration;
import io.micronaut.web.router.Router;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Micronaut's router built on a thread of its own while the main thread creates the context's other beans (the
 * configuration, the database pool, the metrics), instead of on the main thread once the HTTP server asks for it.
 *
 * <p>Building the router (every route of the controllers and the management endpoints, with the filters and the body
 * writers each route needs) took about 0.15 s of the main thread at every start, the start's critical path; the
 * fast routes that answer the first requests do not use it. This bean is the first of the context's eager beans, so
 * the thread starts early in the context's start, and the HTTP server finds the router built, or waits for the rest
 * of it. Micronaut creates a bean once whichever thread asks first (its own {@code @Parallel} beans rely on it).
 *
 * <p>The settings come first, on the main thread: the service's own ({@link SettingsCheck}) and the HTTP server's
 * (port, request size, CORS: {@link HttpServerConfiguration}) are checked and made before the thread starts, so that
 * a value that is not valid stops the start with the one line that names it, as before; a bean whose creation failed
 * on another thread fails again on the main thread with a message that no longer says why. Should the router still
 * fail to build here (a framework setting of its routes), the HTTP server builds it again on the main thread and the
 * start fails there. The data commands ({@code cli} environment) have no HTTP server and no router.
 */
@Context
@Order(Ordered.HIGHEST_PRECEDENCE)
@Requires(notEnv = Environment.CLI)
final class RouterOnItsOwnThread {

    /** The thread's name. */
    static final String THREAD = "petstore-router";

    private static final Logger LOG = LoggerFactory.getLogger(RouterOnItsOwnThread.class);

    /** The thread, done once the router is built. */
    final Thread thread;

    RouterOnItsOwnThread(BeanContext context, SettingsCheck settingsChecked, HttpServerConfiguration server) {
        thread = Thread.ofPlatform().daemon().name(THREAD).start(() -> build(context));
    }

    static void build(BeanContext context) {
        try {
            context.findBean(Router.class);
        } catch (RuntimeException e) {
            LOG.debug("The router is left to the main thread: {}", e.toString());
        }
    }
}
