package org.petstore.inventory.bootstrap;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.runtime.server.event.ServerStartupEvent;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.petstore.inventory.adapter.http.drain.ShutdownDrain;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SIGTERM (what a container runtime or a supervisor sends) drains the service first ({@link ShutdownDrain}: readiness
 * 503, then Micronaut's graceful shutdown of the connections), and only then stops the JVM, whose shutdown closes the
 * application context and the database pool; the JVM's own reaction would start closing everything at once. Stopping
 * gets at most {@link #STOP_TIMEOUT}, then the process halts: it is gone at the latest drain + grace period +
 * {@link #STOP_TIMEOUT} after the signal. Installed only by {@link Application#main}, so that a context embedded in
 * another program leaves its signals alone. SIGINT (Ctrl-C) still stops at once.
 */
@Singleton
@Requires(property = TerminationSignal.ENABLED, value = "true")
final class TerminationSignal implements ApplicationEventListener<ServerStartupEvent> {

    static final String ENABLED = "petstore.shutdown.handle-sigterm";
    /** The exit status of a JVM stopped by SIGTERM (128 + 15), kept so that supervisors see the usual one. */
    static final int EXIT_STATUS = 143;
    /** How long closing the application context may take after the drain (the database pool closes then). */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(8);
    private static final Logger LOG = LoggerFactory.getLogger(TerminationSignal.class);

    private final ShutdownDrain drain;
    private final AtomicBoolean received = new AtomicBoolean();

    TerminationSignal(ShutdownDrain drain) {
        this.drain = drain;
    }

    @Override
    public void onApplicationEvent(ServerStartupEvent event) {
        // the JDK has no public API to act on SIGTERM before its shutdown hooks run: javac warns of sun.misc.Signal
        // where it is used, and nothing can exempt it (named in full, it is warned of here only, not at every
        // annotation processing round's reading of an import)
        sun.misc.Signal.handle(new sun.misc.Signal("TERM"), signal -> {
            if (received.compareAndSet(false, true)) {
                Thread.ofPlatform().name("petstore-shutdown").start(this::drainThenExit);
            }
        });
    }

    private void drainThenExit() {
        try {
            drain.drain();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("Shutting down: the drain failed ({}); stopping anyway", e.toString());
        }
        Thread.ofPlatform().daemon().name("petstore-shutdown-deadline").start(TerminationSignal::haltWhenStuck);
        System.exit(EXIT_STATUS);
    }

    private static void haltWhenStuck() {
        try {
            Thread.sleep(STOP_TIMEOUT);
        } catch (InterruptedException e) {
            return;
        }
        LOG.error("Shutting down: the application did not stop within {} ms after the drain; halting",
                STOP_TIMEOUT.toMillis());
        Runtime.getRuntime().halt(EXIT_STATUS);
    }
}
