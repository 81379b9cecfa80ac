package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Why a database cannot be used, in one line, from the innermost SQL failure behind a failure. */
class DatabaseFailuresTest {

    @Test
    void h2FilesInUseByAnotherProcessSayWhatToDo() {
        SQLException inUse = new SQLException("Database may be already in use: \"/data/petstore.mv.db\". Possible "
                + "solutions: close all other connection(s); use the server mode [90020-232]", "90020", 90020);

        assertEquals(Optional.of("the H2 database files are in use by another process (a running service keeps them "
                + "open): stop it first"), DatabaseFailures.reason(new IllegalStateException("pool", inUse)));
    }

    @Test
    void refusedCredentialsAreNamedAsSuch() {
        SQLException refused = new SQLException("FATAL: password authentication failed for user \"petstore\"",
                "28P01");

        assertEquals(Optional.of("the database refused the credentials: FATAL: password authentication failed for "
                + "user \"petstore\""), DatabaseFailures.reason(refused));
    }

    @Test
    void aServerThatCannotBeReachedSaysSoWithTheFirstLineOfTheDriversMessage() {
        SQLException down = new SQLException("Connection to db:5432 refused. Check that the hostname and port are "
                + "correct.\nmore details", "08001");

        assertEquals(Optional.of("it cannot be reached: Connection to db:5432 refused. Check that the hostname and "
                + "port are correct"), DatabaseFailures.reason(new RuntimeException(new RuntimeException(down))));
    }

    @Test
    void anyOtherSqlFailureIsTheDatabasesOwnMessageAndNoSqlFailureIsNoReason() {
        assertEquals(Optional.of("relation \"pet\" does not exist"),
                DatabaseFailures.reason(new SQLException("relation \"pet\" does not exist", "42P01")));
        assertEquals(Optional.empty(), DatabaseFailures.reason(new IllegalStateException("not SQL")));
    }
}
