package org.petstore.inventory.bootstrap;

import io.micronaut.context.env.Environment;
import io.micronaut.runtime.Micronaut;
import java.sql.SQLException;
import java.util.Optional;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.FailureCauses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the Petstore Inventory service. When the database cannot be used at startup (unreachable, wrong
 * credentials, files locked by another process), it exits with one line that names the database URL (password
 * redacted) and the cause, instead of a wall of stack traces.
 *
 * <p>The same {@code main} runs a data command ({@code export}, {@code import}, {@code copy}; see
 * {@link DataCommandLine}) instead of the service when the arguments name one.
 */
public final class Application extends Micronaut {

    private static final Logger LOG = LoggerFactory.getLogger(Application.class);

    private Application() {
    }

    public static void main(String[] args) {
        if (DataCommandLine.isDataCommand(args)) {
            System.exit(DataCommandLine.runInThisProcess(args));
        }
        new Application()
                .args(DataCommandLine.serviceArguments(args))
                .mainClass(Application.class)
                .banner(false)
                .start();
    }

    @Override
    protected void handleStartupException(Environment environment, Throwable exception) {
        Optional<SQLException> databaseFailure = databaseFailure(exception);
        if (databaseFailure.isEmpty()) {
            super.handleStartupException(environment, exception);
            return;
        }
        String url = environment.getProperty(DatabaseBackend.URL_PROPERTY, String.class).orElse(null);
        LOG.error("Cannot start: the inventory database at {} cannot be used: {}",
                DatabaseBackend.redact(url), databaseFailure.get().getMessage());
        LOG.debug("Startup failure", exception);
        System.exit(1);
    }

    /** The innermost SQL failure behind a startup failure, if the database is what failed. */
    static Optional<SQLException> databaseFailure(Throwable exception) {
        return FailureCauses.chain(exception)
                .filter(SQLException.class::isInstance)
                .map(SQLException.class::cast)
                .reduce((outer, inner) -> inner);
    }
}
