package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.connection.exceptions.ConnectionException;
import io.micronaut.data.connection.exceptions.NoConnectionException;
import io.micronaut.data.connection.jdbc.exceptions.CannotGetJdbcConnectionException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a database failure means: the one place that reads SQLSTATEs, drivers' error codes and the network failures
 * behind a failure. Requests (503 when {@link #unavailable()}), readiness, the start and the data commands each say
 * it in their own words, from {@link #of}, or take {@link #reason}'s line.
 */
public enum DatabaseFailure {

    /** Nothing accepts connections at the database's address. */
    CONNECTION_REFUSED(true),
    /** The database's host name is unknown. */
    UNKNOWN_HOST(true),
    /** The database asks for a password, and none was given. */
    PASSWORD_MISSING(true),
    /** An unknown user or a wrong password (SQLSTATE class 28). */
    CREDENTIALS_REFUSED(true),
    /** A known user that may not log in: a role without LOGIN, no {@code pg_hba.conf} entry for it (28000). */
    LOGIN_NOT_PERMITTED(true),
    /** The database named in the URL does not exist (3D000). */
    DATABASE_MISSING(true),
    /** H2: the database files are open in another process. */
    FILES_IN_USE(true),
    /** H2: the database files cannot be created, read or written. */
    FILES_NOT_WRITABLE(true),
    /** The database did not answer in time (a statement, the wait for a connection, a network read). */
    TIMEOUT(true),
    /** Any other loss of the connection: the server shutting down or restarting, a connection broken midway. */
    UNREACHABLE(true),
    /** A serialization failure or a deadlock (40001, 40P01): the transaction may be retried as it is. */
    CONFLICT(false),
    /** A constraint refused a write (SQLSTATE class 23). */
    INTEGRITY_VIOLATION(false),
    /** Any other failure: a fault of the statement or of the data, not of the database's availability. */
    OTHER(false);

    /** H2's error codes: files open in another process; files that cannot be created, read or written. */
    private static final int H2_DATABASE_IN_USE = 90020;
    private static final List<Integer> H2_FILE_ERRORS = List.of(90028, 90031, 90034, 90062, 90097);

    /** SQLSTATE 08004: the server rejected the connection (pgjdbc: it asks for a password that was not given). */
    private static final String CONNECTION_REJECTED = "08004";
    /** SQLSTATE 28P01: invalid password (PostgreSQL says so for an unknown user too). */
    private static final String INVALID_PASSWORD = "28P01";
    /** SQLSTATE class 08: connection exception; 57P: the server is shutting down or restarting (PostgreSQL). */
    private static final List<String> CONNECTION_STATES = List.of("08", "57P");

    private final boolean unavailable;

    DatabaseFailure(boolean unavailable) {
        this.unavailable = unavailable;
    }

    /** The database cannot be used now (a request is answered 503); a conflict or a fault of the call is not that. */
    public boolean unavailable() {
        return unavailable;
    }

    /**
     * The database answered and refused the service, for a reason only the operator can end: the password, the
     * credentials, the login, the database's name. (Unlike an unreachable or slow database, it does not pass.)
     */
    public boolean refusal() {
        return switch (this) {
            case PASSWORD_MISSING, CREDENTIALS_REFUSED, LOGIN_NOT_PERMITTED, DATABASE_MISSING -> true;
            default -> false;
        };
    }

    /** What the failure means. */
    public static DatabaseFailure of(Throwable failure) {
        return of(failure, true);
    }

    /**
     * What the failure means, knowing whether a password was given: with none given, a refused password
     * (SQLSTATE 28P01) is a missing one. An unknown user stays refused credentials.
     */
    public static DatabaseFailure of(Throwable failure, boolean passwordGiven) {
        Optional<SQLException> innermost = innermostSqlFailure(failure);
        String state = innermost.map(SQLException::getSQLState).orElse("");
        int code = innermost.map(SQLException::getErrorCode).orElse(0);
        if (code == H2_DATABASE_IN_USE) {
            return FILES_IN_USE;
        }
        if (H2_FILE_ERRORS.contains(code)) {
            return FILES_NOT_WRITABLE;
        }
        if (has(failure, UnknownHostException.class)) {
            return UNKNOWN_HOST;
        }
        if (innermost.filter(DatabaseFailure::asksForPassword).isPresent()
                || !passwordGiven && INVALID_PASSWORD.equals(state)) {
            return PASSWORD_MISSING;
        }
        if (state.startsWith("28")) {
            return innermost.filter(DatabaseFailure::loginNotPermitted).isPresent() ? LOGIN_NOT_PERMITTED
                                                                                     : CREDENTIALS_REFUSED;
        }
        if (state.equals("3D000")) {
            return DATABASE_MISSING;
        }
        if (state.equals("40001") || state.equals("40P01")) {
            return CONFLICT;
        }
        if (has(failure, ConnectException.class)) {
            return CONNECTION_REFUSED;
        }
        if (has(failure, SQLTimeoutException.class) || has(failure, SocketTimeoutException.class)
                || innermost.filter(SQLTransientConnectionException.class::isInstance).isPresent()) {
            // the last: HikariCP's wait for a connection and the call's deadline (DatabaseDeadlines), with no cause
            return TIMEOUT;
        }
        if (FailureCauses.chain(failure).anyMatch(DatabaseFailure::meansNoConnection)) {
            return UNREACHABLE;
        }
        return state.startsWith("23") ? INTEGRITY_VIOLATION : OTHER;
    }

    /** The innermost failure's SQLSTATE, for the operator to look up. */
    public static Optional<String> sqlState(Throwable failure) {
        return innermostSqlFailure(failure).map(SQLException::getSQLState);
    }

    /**
     * Why a database cannot be used, in one line for a person, when an SQL failure is behind the failure: what it
     * means, then the database's own message ("the database refused the credentials: FATAL: password authentication
     * failed for user ..."); only the message when it means nothing more.
     */
    public static Optional<String> reason(Throwable failure) {
        return innermostSqlFailure(failure).map(sql -> {
            String message = firstLine(sql.getMessage());
            return switch (of(failure)) {
                case FILES_IN_USE -> "the H2 database files are in use by another process (a running service keeps "
                        + "them open): stop it first";
                case PASSWORD_MISSING -> "it asks for a password, and none was given";
                case CREDENTIALS_REFUSED -> "the database refused the credentials: " + message;
                case LOGIN_NOT_PERMITTED -> "the database does not permit the user to log in: " + message;
                case CONNECTION_REFUSED, UNKNOWN_HOST, TIMEOUT, UNREACHABLE -> "it cannot be reached: " + message;
                case DATABASE_MISSING, FILES_NOT_WRITABLE, CONFLICT, INTEGRITY_VIOLATION, OTHER -> message;
            };
        });
    }

    public static Optional<SQLException> innermostSqlFailure(Throwable failure) {
        return FailureCauses.chain(failure)
                .filter(SQLException.class::isInstance)
                .map(SQLException.class::cast)
                .reduce((outer, inner) -> inner);
    }

    /** The first line of a message, trimmed, without its final full stop; a placeholder for none. */
    public static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "no reason given";
        }
        String trimmed = message.strip();
        int end = trimmed.indexOf('\n');
        String first = end < 0 ? trimmed : trimmed.substring(0, end).strip();
        return first.endsWith(".") ? first.substring(0, first.length() - 1) : first;
    }

    private static boolean has(Throwable failure, Class<? extends Throwable> type) {
        return FailureCauses.chain(failure).anyMatch(type::isInstance);
    }

    /**
     * PostgreSQL's driver refuses to sign in with an empty password ("The server requested SCRAM-based
     * authentication, but the password is an empty string") before it sends anything.
     */
    private static boolean asksForPassword(SQLException sql) {
        String message = String.valueOf(sql.getMessage()).toLowerCase(Locale.ROOT);
        return CONNECTION_REJECTED.equals(sql.getSQLState())
                && (message.contains("password is an empty string") || message.contains("no password was provided"));
    }

    /**
     * PostgreSQL's 28000 for a user that exists and may not log in; H2 says 28000 for a wrong user or password, so
     * the message tells them apart.
     */
    private static boolean loginNotPermitted(SQLException sql) {
        String message = String.valueOf(sql.getMessage()).toLowerCase(Locale.ROOT);
        return "28000".equals(sql.getSQLState())
                && (message.contains("not permitted to log in") || message.contains("pg_hba.conf"));
    }

    private static boolean meansNoConnection(Throwable cause) {
        return cause instanceof CannotGetJdbcConnectionException
                // a pooled connection that died under Micronaut Data (for example while it set it read-only)
                || cause instanceof ConnectionException && !(cause instanceof NoConnectionException)
                || cause instanceof SQLTransientConnectionException
                || cause instanceof SQLNonTransientConnectionException
                || cause instanceof SQLRecoverableException
                || cause instanceof SQLException sql && sql.getSQLState() != null
                        && CONNECTION_STATES.stream().anyMatch(sql.getSQLState()::startsWith);
    }
}
