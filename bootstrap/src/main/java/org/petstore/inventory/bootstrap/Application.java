package org.petstore.inventory.bootstrap;

import io.micronaut.context.env.Environment;
import io.micronaut.runtime.Micronaut;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the Petstore Inventory service. When it cannot start (a setting that is not valid, the port in use, the
 * database unreachable, wrong credentials, files locked by another process, ...), it exits with status 1 and one
 * line that names the cause and the setting to change, instead of a wall of stack traces.
 *
 * <p>The same {@code main} runs a data command ({@code export}, {@code import}, {@code copy}; see
 * {@link DataCommandLine}) instead of the service when the arguments name one.
 */
public final class Application extends Micronaut {

    private static final Logger LOG = LoggerFactory.getLogger(Application.class);

    private Application() {
    }

    public static void main(String[] args) {
        SecretsLogFilter.install();
        if (DataCommandLine.isDataCommand(args)) {
            System.exit(DataCommandLine.runInThisProcess(args));
        }
        service(args).start();
    }

    /** The service as {@code main} starts it, with these arguments; the tests start it in their own JVM too. */
    static Application service(String[] args) {
        Application service = new Application();
        service.args(DataCommandLine.serviceArguments(args))
                // the service handles SIGTERM
                .properties(Map.of(TerminationSignal.ENABLED, true))
                .mainClass(Application.class)
                .banner(false);
        // every configuration bean (the framework's too, endpoints included) is made at start, so that a setting
        // that cannot be used stops the start instead of failing the first request that needs it
        service.eagerInitConfiguration(true);
        return service;
    }

    @Override
    protected void handleStartupException(Environment environment, Throwable exception) {
        System.exit(startupFailed(environment, exception));
    }

    /**
     * Tells a failed start in one line that names the cause and the setting to change ({@link StartupFailure}), the
     * stack trace at DEBUG; returns the exit status of the process: 1.
     */
    static int startupFailed(Environment environment, Throwable exception) {
        LOG.error("Cannot start: {}", StartupFailure.explain(exception, environment));
        LOG.debug("Startup failure", exception);
        return 1;
    }

    /** The innermost SQL failure behind a startup failure, if the database is what failed. */
    static Optional<SQLException> databaseFailure(Throwable exception) {
        return StartupFailure.databaseFailure(exception);
    }
}
