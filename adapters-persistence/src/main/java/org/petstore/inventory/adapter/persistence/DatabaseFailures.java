package org.petstore.inventory.adapter.persistence;

import java.sql.SQLException;
import java.util.Optional;

/**
 * Why a database cannot be used, in one line for a person, from the innermost SQL failure behind a failure: a
 * database locked by another process, credentials refused, a server that cannot be reached; otherwise the database's
 * own message.
 */
public final class DatabaseFailures {

    /** H2: the database files are open in another process ({@code DATABASE_ALREADY_OPEN_1}). */
    private static final int H2_DATABASE_IN_USE = 90020;

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
        if (state.startsWith("28")) {
            return "the database refused the credentials: " + message;
        }
        if (ConnectionFailures.isConnectionFailure(failure)) {
            return "it cannot be reached: " + message;
        }
        return message;
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
