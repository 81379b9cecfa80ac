package org.petstore.inventory.adapter.persistence;

import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;

/**
 * Why a database cannot be used, in one line for a person, from the innermost SQL failure behind a failure: a
 * database locked by another process, credentials refused, a server that cannot be reached; otherwise the database's
 * own message.
 */
public final class DatabaseFailures {

    /** H2: the database files are open in another process ({@code DATABASE_ALREADY_OPEN_1}). */
    private static final int H2_DATABASE_IN_USE = 90020;

    /** SQLSTATE 08004: the server rejected the connection (pgjdbc: it asks for a password that was not given). */
    private static final String CONNECTION_REJECTED = "08004";

    /** SQLSTATE 28P01: invalid password. */
    private static final String INVALID_PASSWORD = "28P01";

    /** SQLSTATE class 28: invalid authorization (unknown user, wrong password). */
    private static final String AUTHORIZATION = "28";

    private DatabaseFailures() {
    }

    /** The reason, when an SQL failure is behind the failure. */
    public static Optional<String> reason(Throwable failure) {
        return innermostSqlFailure(failure).map(DatabaseFailures::reasonOf);
    }

    public static Optional<SQLException> innermostSqlFailure(Throwable failure) {
        return FailureCauses.chain(failure)
                .filter(SQLException.class::isInstance)
                .map(SQLException.class::cast)
                .reduce((outer, inner) -> inner);
    }

    private static String reasonOf(SQLException failure) {
        String state = failure.getSQLState() == null ? "" : failure.getSQLState();
        String message = firstLine(failure.getMessage());
        if (failure.getErrorCode() == H2_DATABASE_IN_USE || state.equals(Integer.toString(H2_DATABASE_IN_USE))) {
            return "the H2 database files are in use by another process (a running service keeps them open): stop "
                    + "it first";
        }
        if (asksForPassword(failure)) {
            return "it asks for a password, and none was given";
        }
        if (state.startsWith(AUTHORIZATION)) {
            return "the database refused the credentials: " + message;
        }
        if (ConnectionFailures.isConnectionFailure(failure)) {
            return "it cannot be reached: " + message;
        }
        return message;
    }

    /**
     * The database refused the credentials: an unknown user, a wrong password, or a password it asks for and was not
     * given (PostgreSQL's driver says so itself, before it sends anything).
     */
    public static boolean refusedCredentials(Throwable failure) {
        return innermostSqlFailure(failure)
                .map(sql -> sql.getSQLState() != null && sql.getSQLState().startsWith(AUTHORIZATION)
                        || asksForPassword(sql))
                .orElse(false);
    }

    /**
     * The database asks for a password that was not given: PostgreSQL's driver refuses to sign in with an empty
     * one ("The server requested SCRAM-based authentication, but the password is an empty string") before it sends
     * anything.
     */
    public static boolean asksForPassword(Throwable failure) {
        return innermostSqlFailure(failure).map(sql -> {
            String message = String.valueOf(sql.getMessage()).toLowerCase(Locale.ROOT);
            return CONNECTION_REJECTED.equals(sql.getSQLState())
                    && (message.contains("password is an empty string") || message.contains("no password was provided"));
        }).orElse(false);
    }

    /**
     * Whether a missing password is why the database refused: its driver says it asks for one
     * ({@link #asksForPassword}), or, with no password given ({@code passwordGiven} false), the server refused the
     * empty one (SQLSTATE 28P01, invalid password). An unknown user stays an unknown user.
     */
    public static boolean passwordMissing(Throwable failure, boolean passwordGiven) {
        return asksForPassword(failure) || !passwordGiven && innermostSqlFailure(failure)
                .map(sql -> INVALID_PASSWORD.equals(sql.getSQLState())).orElse(false);
    }

    /** The first line of a message, trimmed; a placeholder for none. */
    public static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "no reason given";
        }
        String trimmed = message.strip();
        int end = trimmed.indexOf('\n');
        String first = end < 0 ? trimmed : trimmed.substring(0, end).strip();
        return first.endsWith(".") ? first.substring(0, first.length() - 1) : first;
    }
}
