package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.data.connection.exceptions.ConnectionException;
import io.micronaut.data.connection.exceptions.NoConnectionException;
import io.micronaut.data.connection.jdbc.exceptions.CannotGetJdbcConnectionException;
import io.micronaut.data.exceptions.DataAccessException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class ConnectionFailuresTest {

    @Test
    void aPoolTimeoutIsAConnectionFailure() {
        assertTrue(ConnectionFailures.isConnectionFailure(new CannotGetJdbcConnectionException(
                "Failed to obtain JDBC Connection", new SQLTransientConnectionException("request timed out"))));
    }

    @Test
    void aLostConnectionIsAConnectionFailure() {
        assertTrue(ConnectionFailures.isConnectionFailure(
                new DataAccessException("query failed", new SQLException("I/O error", "08006"))));
        assertTrue(ConnectionFailures.isConnectionFailure(
                new DataAccessException("query failed", new SQLException("terminating connection", "57P01"))));
    }

    @Test
    void aConnectionThatDiedInThePoolIsAConnectionFailure() {
        assertTrue(ConnectionFailures.isConnectionFailure(new ConnectionException(
                "Could not set JDBC Connection read-only: Connection is closed", new SQLException("Connection is closed"))));
    }

    @Test
    void otherFailuresAreNot() {
        assertFalse(ConnectionFailures.isConnectionFailure(new NoConnectionException()));
        assertFalse(ConnectionFailures.isConnectionFailure(
                new DataAccessException("query failed", new SQLException("check constraint", "23514"))));
        assertFalse(ConnectionFailures.isConnectionFailure(new IllegalStateException("bug")));
    }
}
