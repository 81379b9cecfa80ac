package org.petstore.inventory.adapter.persistence.transfer;

import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseFailure;
import org.petstore.inventory.application.port.outbound.CredentialsRefusedException;
import org.petstore.inventory.application.port.outbound.IncompatibleStoreException;
import org.petstore.inventory.application.port.outbound.OtherStore;
import org.petstore.inventory.application.port.outbound.OtherStores;
import org.petstore.inventory.application.port.outbound.StoreAddress;

/**
 * The {@link OtherStores} port: another H2 or PostgreSQL database, reached with one connection of its own (not the
 * service's pool). An H2 URL gets the settings the service opens its own H2 database with, when it does not name
 * them, so that the service can later run on the copy.
 */
@Singleton
final class JdbcOtherStores implements OtherStores {

    /** The settings of the service's H2 URL that decide how the schema is written and read. */
    static final String[] H2_SETTINGS = {"MODE=PostgreSQL", "DATABASE_TO_LOWER=TRUE", "DEFAULT_NULL_ORDERING=HIGH"};

    /** The user of an H2 database when none is given: the service's default. */
    static final String H2_DEFAULT_USER = "sa";

    /** PostgreSQL's driver signs in as the user running the program when it is given none: named, for messages. */
    static final String OPERATING_SYSTEM_USER = System.getProperty("user.name");

    /** How messages call the database. */
    static final String TARGET = "the target database";

    @Override
    public OtherStore connect(StoreAddress address) {
        DatabaseBackend backend = DatabaseBackend.forUrl(address.url()).orElseThrow(() ->
                new IncompatibleStoreException(DatabaseBackend.redact(address.url()) + " is not a database this "
                        + "program can copy to: use an H2 (jdbc:h2:...) or PostgreSQL (jdbc:postgresql:...) URL"));
        String url = backend == DatabaseBackend.H2 ? withServiceSettings(address.url()) : address.url();
        String user = address.user().orElse(backend == DatabaseBackend.H2 ? H2_DEFAULT_USER : OPERATING_SYSTEM_USER);
        Properties credentials = new Properties();
        if (user != null) {
            credentials.setProperty("user", user);
        }
        credentials.setProperty("password", address.password());
        TransferFailures failures = TransferFailures.of(TARGET, url);
        String named = TARGET + " at " + DatabaseBackend.redact(url);
        Connection connection;
        try {
            connection = DriverManager.getConnection(url, credentials);
        } catch (SQLException e) {
            DatabaseFailure refusal = DatabaseFailure.of(e, !address.password().isEmpty());
            boolean passwordMissing = refusal == DatabaseFailure.PASSWORD_MISSING;
            if (passwordMissing || refusal == DatabaseFailure.CREDENTIALS_REFUSED) {
                // said as what was missing or refused, for the caller to name its setting
                throw new CredentialsRefusedException(passwordMissing
                        ? named + " asks user " + user + " for a password, and none was given"
                        : named + " refused user " + user + ": " + DatabaseFailure.firstLine(e.getMessage()),
                        passwordMissing, e);
            }
            throw failures.translate(e);
        }
        return new JdbcOtherStore(connection, url, user, address.password(), TransferStatements.of(backend),
                failures, named);
    }

    /** The H2 URL with each of {@link #H2_SETTINGS} it does not set already. */
    static String withServiceSettings(String url) {
        StringBuilder complete = new StringBuilder(url.strip());
        String upper = url.toUpperCase(Locale.ROOT);
        for (String setting : H2_SETTINGS) {
            String name = setting.substring(0, setting.indexOf('=') + 1).toUpperCase(Locale.ROOT);
            if (!upper.contains(";" + name)) {
                complete.append(';').append(setting);
            }
        }
        return complete.toString();
    }
}
