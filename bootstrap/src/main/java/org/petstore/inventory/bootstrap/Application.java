package org.petstore.inventory.bootstrap;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.core.io.scan.ClassPathResourceLoader;
import io.micronaut.runtime.Micronaut;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import org.petstore.inventory.adapter.http.transport.DeferredRouter;
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

    private ClassPathResourceLoader resources;

    private Application() {
    }

    public static void main(String[] args) {
        if (DataCommandLine.isDataCommand(args)) {
            System.exit(DataCommandLine.runInThisProcess(args));
        }
        JfrEvents.keepOffFirstRequest();
        Application application = new Application(); // Micronaut reads its service index here (JarServiceIndex)
        ClassPreload.start(JarServiceIndex.class.getClassLoader(), JarServiceIndex.beanDefinitions());
        ApplicationContext context = application
                .args(DataCommandLine.serviceArguments(args))
                // the service handles SIGTERM
                .properties(Map.of(TerminationSignal.ENABLED, true))
                .mainClass(Application.class)
                .banner(false)
                .start();
        application.awaitRouter(context);
    }

    /**
     * The server listens before Micronaut's router is built ({@link DeferredRouter}); a router that cannot be built
     * fails the start like any other cause.
     */
    void awaitRouter(ApplicationContext context) {
        try {
            context.findBean(DeferredRouter.class).ifPresent(DeferredRouter::awaitBuilt);
        } catch (RuntimeException | Error e) {
            handleStartupException(context.getEnvironment(), e);
        }
    }

    /** Reads the configuration files out of the jar without a zip file system of its own ({@link ClassLoaderResources}). */
    @Override
    public ClassPathResourceLoader getResourceLoader() {
        if (resources == null) {
            ClassLoader classLoader = getClassLoader();
            resources = new ClassLoaderResources(classLoader != null ? classLoader : Application.class.getClassLoader());
        }
        return resources;
    }

    /** One line that names the cause and the setting to change ({@link StartupFailure}); the stack trace at DEBUG. */
    @Override
    protected void handleStartupException(Environment environment, Throwable exception) {
        LOG.error("Cannot start: {}", StartupFailure.explain(exception, environment));
        LOG.debug("Startup failure", exception);
        System.exit(1);
    }

    /** The innermost SQL failure behind a startup failure, if the database is what failed. */
    static Optional<SQLException> databaseFailure(Throwable exception) {
        return StartupFailure.databaseFailure(exception);
    }
}
