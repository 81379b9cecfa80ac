package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.connection.exceptions.ConnectionException;
import io.micronaut.data.connection.exceptions.NoConnectionException;
import io.micronaut.data.connection.jdbc.exceptions.CannotGetJdbcConnectionException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;

/**
 * Tells a database that cannot be reached (down, restarting, network gone, pool timed out waiting for a connection)
 * from every other failure.
 */
final class ConnectionFailures {

    /** SQLSTATE class 08: connection exception; 57P: the server is shutting down or restarting (PostgreSQL). */
    private static final String[] CONNECTION_SQL_STATES = {"08", "57P"};

    private ConnectionFailures() {
    }

    static boolean isConnectionFailure(Throwable failure) {
        return FailureCauses.chain(failure).anyMatch(ConnectionFailures::meansNoConnection);
    }

    private static boolean meansNoConnection(Throwable cause) {
        return cause instanceof CannotGetJdbcConnectionException
                || isBrokenConnection(cause)
                || cause instanceof SQLTransientConnectionException
                || cause instanceof SQLNonTransientConnectionException
                || cause instanceof SQLRecoverableException
                || cause instanceof SQLException sql && hasConnectionSqlState(sql.getSQLState());
    }

    /** A pooled connection that died under Micronaut Data (for example while it set the connection read-only). */
    private static boolean isBrokenConnection(Throwable cause) {
        return cause instanceof ConnectionException && !(cause instanceof NoConnectionException);
    }

    private static boolean hasConnectionSqlState(String sqlState) {
        if (sqlState == null) {
            return false;
        }
        for (String prefix : CONNECTION_SQL_STATES) {
            if (sqlState.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
