package org.petstore.inventory.adapter.http.drain;

import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.ApplicationEventPublisher;
import io.micronaut.runtime.graceful.GracefulShutdownManager;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops serving without leaving a request unanswered, in two phases: the <b>drain</b>
 * ({@code petstore.shutdown.drain}), in which readiness is 503 ({@link DrainReadiness}) so that a load balancer stops
 * opening connections, every live feed ends ({@link DrainStarted}), and requests are still served, each response with
 * {@code Connection: close} ({@link DrainingResponses}) so that no client sends another request on a connection about
 * to go; then <b>Micronaut's graceful shutdown</b>, which closes the listener, each idle connection, and each busy one
 * after its last response, waited for at most its grace period. The application context (the database pool with it)
 * may close afterwards: its own graceful shutdown then finds nothing left to do.
 */
@Singleton
public final class ShutdownDrain {

    private static final Logger LOG = LoggerFactory.getLogger(ShutdownDrain.class);

    private final ShutdownConfiguration configuration;
    private final Duration gracePeriod;
    /** Looked up when the drain ends: it holds every graceful-shutdown-capable bean, the HTTP server among them. */
    private final BeanProvider<GracefulShutdownManager> gracefulShutdown;
    private final ApplicationEventPublisher<DrainStarted> events;
    private volatile boolean draining;

    ShutdownDrain(ShutdownConfiguration configuration,
                  @Value("${micronaut.lifecycle.graceful-shutdown.grace-period:15s}") Duration gracePeriod,
                  BeanProvider<GracefulShutdownManager> gracefulShutdown, ApplicationEventPublisher<DrainStarted> events) {
        this.configuration = configuration;
        this.gracePeriod = gracePeriod;
        this.gracefulShutdown = gracefulShutdown;
        this.events = events;
    }

    /** Whether the service is shutting down: it still serves, but is no longer ready for new work. */
    public boolean draining() {
        return draining;
    }

    /**
     * Drains, then runs Micronaut's graceful shutdown (see the class description); returns when every connection is
     * closed or the grace period is over. Call it once, before the application context closes.
     */
    public void drain() throws InterruptedException {
        Duration drain = configuration.drain();
        draining = true;
        events.publishEvent(new DrainStarted());
        LOG.info("Shutting down: readiness is DOWN, live feeds are ended, and for {} ms every response closes its "
                + "connection", drain.toMillis());
        Thread.sleep(drain.toMillis());

        LOG.info("Shutting down: the listener is closed; requests in flight get {} ms to finish",
                gracePeriod.toMillis());
        try {
            gracefulShutdown.get().shutdownGracefully().toCompletableFuture()
                    .get(gracePeriod.toMillis(), TimeUnit.MILLISECONDS);
            LOG.info("Shutting down: every request is answered and every connection closed");
        } catch (TimeoutException e) {
            LOG.warn("Shutting down: requests still running after the grace period of {} ms are cut",
                    gracePeriod.toMillis());
        } catch (ExecutionException e) {
            LOG.warn("Shutting down: the connections could not all be closed gracefully: {}", e.getCause().toString());
        }
    }
}
