package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.data.connection.exceptions.ConnectionException;
import io.micronaut.data.connection.exceptions.NoConnectionException;
import io.micronaut.data.connection.jdbc.exceptions.CannotGetJdbcConnectionException;
import io.micronaut.data.exceptions.DataAccessException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a database failure means, and why a database cannot be used in one line, from the causes behind a failure. */
class DatabaseFailureTest {

    /** HikariCP's failure to give a connection, with the last reason it could not open one. */
    private static SQLTransientConnectionException pool(Throwable cause) {
        return new SQLTransientConnectionException("HikariPool-1 - Connection is not available, request timed out "
                + "after 1000ms", cause instanceof SQLException sql ? sql.getSQLState() : null, cause);
    }

    @Test
    void aRefusedConnectionAnUnknownHostAndAMissingDatabaseAreNamed() {
        SQLException refused = new SQLException("Connection to db:5432 refused", "08001",
                new ConnectException("Connection refused"));
        SQLException unknownHost = new SQLException("The connection attempt failed", "08001",
                new UnknownHostException("db.invalid"));
        SQLException missing = new SQLException("FATAL: database \"petstore\" does not exist", "3D000");

        assertEquals(DatabaseFailure.CONNECTION_REFUSED, DatabaseFailure.of(pool(refused)));
        assertEquals(DatabaseFailure.UNKNOWN_HOST, DatabaseFailure.of(pool(unknownHost)));
        assertEquals(DatabaseFailure.DATABASE_MISSING, DatabaseFailure.of(pool(missing)));
        assertEquals(Optional.of("08001"), DatabaseFailure.sqlState(pool(refused)));
    }

    @Test
    void refusedCredentialsALoginNotPermittedAndAMissingPasswordAreToldApart() {
        SQLException wrongPassword = new SQLException("FATAL: password authentication failed for user \"petstore\"",
                "28P01");
        SQLException noLogin = new SQLException("FATAL: role \"petstore\" is not permitted to log in", "28000");
        SQLException h2WrongPassword = new SQLException("Wrong user name or password [28000-232]", "28000", 28000);
        SQLException asksForPassword = new SQLException("The server requested SCRAM-based authentication, but the "
                + "password is an empty string.", "08004");

        assertEquals(DatabaseFailure.CREDENTIALS_REFUSED, DatabaseFailure.of(pool(wrongPassword)));
        assertEquals(DatabaseFailure.PASSWORD_MISSING, DatabaseFailure.of(wrongPassword, false));
        assertEquals(DatabaseFailure.LOGIN_NOT_PERMITTED, DatabaseFailure.of(pool(noLogin)));
        assertEquals(DatabaseFailure.LOGIN_NOT_PERMITTED, DatabaseFailure.of(noLogin, false));
        assertEquals(DatabaseFailure.CREDENTIALS_REFUSED, DatabaseFailure.of(h2WrongPassword));
        assertEquals(DatabaseFailure.PASSWORD_MISSING, DatabaseFailure.of(pool(asksForPassword)));
    }

    @Test
    void aSerializationFailureOrADeadlockIsAConflictToRetryNotAnOutage() {
        assertEquals(DatabaseFailure.CONFLICT, DatabaseFailure.of(new SQLException("could not serialize", "40001")));
        assertEquals(DatabaseFailure.CONFLICT, DatabaseFailure.of(new SQLException("deadlock detected", "40P01")));
        assertFalse(DatabaseFailure.CONFLICT.unavailable());
    }

    @Test
    void aDatabaseThatDoesNotAnswerInTimeIsATimeout() {
        assertEquals(DatabaseFailure.TIMEOUT, DatabaseFailure.of(new CannotGetJdbcConnectionException(
                "Failed to obtain JDBC Connection", pool(null))));
        assertEquals(DatabaseFailure.TIMEOUT, DatabaseFailure.of(new SQLException("An I/O error occurred", "08006",
                new SocketTimeoutException("Read timed out"))));
        assertEquals(DatabaseFailure.TIMEOUT, DatabaseFailure.of(new SQLTimeoutException("statement timed out")));
        assertTrue(DatabaseFailure.TIMEOUT.unavailable());
    }

    @Test
    void aLostConnectionOrOneThatDiedInThePoolIsUnreachable() {
        assertEquals(DatabaseFailure.UNREACHABLE, DatabaseFailure.of(
                new DataAccessException("query failed", new SQLException("I/O error", "08006"))));
        assertEquals(DatabaseFailure.UNREACHABLE, DatabaseFailure.of(
                new DataAccessException("query failed", new SQLException("terminating connection", "57P01"))));
        assertEquals(DatabaseFailure.UNREACHABLE, DatabaseFailure.of(new ConnectionException(
                "Could not set JDBC Connection read-only: Connection is closed",
                new SQLException("Connection is closed"))));
    }

    @Test
    void everyMeaningOfAnUnusableDatabaseIsUnavailableAndOtherFailuresAreNot() {
        for (DatabaseFailure meaning : DatabaseFailure.values()) {
            boolean fault = meaning == DatabaseFailure.CONFLICT || meaning == DatabaseFailure.INTEGRITY_VIOLATION
                    || meaning == DatabaseFailure.OTHER;
            assertEquals(!fault, meaning.unavailable(), meaning.name());
        }
        assertEquals(DatabaseFailure.OTHER, DatabaseFailure.of(new NoConnectionException()));
        assertEquals(DatabaseFailure.INTEGRITY_VIOLATION, DatabaseFailure.of(
                new DataAccessException("query failed", new SQLException("check constraint", "23514"))));
        assertEquals(DatabaseFailure.OTHER, DatabaseFailure.of(new IllegalStateException("bug")));
    }

    @Test
    void h2FilesInUseByAnotherProcessSayWhatToDo() {
        SQLException inUse = new SQLException("Database may be already in use: \"/data/petstore.mv.db\". Possible "
                + "solutions: close all other connection(s); use the server mode [90020-232]", "90020", 90020);

        assertEquals(DatabaseFailure.FILES_IN_USE, DatabaseFailure.of(inUse));
        assertEquals(Optional.of("the H2 database files are in use by another process (a running service keeps them "
                + "open): stop it first"), DatabaseFailure.reason(new IllegalStateException("pool", inUse)));
    }

    @Test
    void refusedCredentialsAndARefusedLoginAreNamedAsSuch() {
        SQLException refused = new SQLException("FATAL: password authentication failed for user \"petstore\"",
                "28P01");
        SQLException noLogin = new SQLException("FATAL: role \"petstore\" is not permitted to log in", "28000");

        assertEquals(Optional.of("the database refused the credentials: FATAL: password authentication failed for "
                + "user \"petstore\""), DatabaseFailure.reason(refused));
        assertEquals(Optional.of("the database does not permit the user to log in: FATAL: role \"petstore\" is not "
                + "permitted to log in"), DatabaseFailure.reason(pool(noLogin)));
    }

    @Test
    void aServerThatCannotBeReachedSaysSoWithTheFirstLineOfTheDriversMessage() {
        SQLException down = new SQLException("Connection to db:5432 refused. Check that the hostname and port are "
                + "correct.\nmore details", "08001");

        assertEquals(Optional.of("it cannot be reached: Connection to db:5432 refused. Check that the hostname and "
                + "port are correct"), DatabaseFailure.reason(new RuntimeException(new RuntimeException(down))));
    }

    @Test
    void anyOtherSqlFailureIsTheDatabasesOwnMessageAndNoSqlFailureIsNoReason() {
        assertEquals(Optional.of("relation \"pet\" does not exist"),
                DatabaseFailure.reason(new SQLException("relation \"pet\" does not exist", "42P01")));
        assertEquals(Optional.empty(), DatabaseFailure.reason(new IllegalStateException("not SQL")));
    }
}
