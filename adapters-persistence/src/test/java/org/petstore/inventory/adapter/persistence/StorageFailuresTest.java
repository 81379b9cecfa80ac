package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.adapter.persistence.testing.LoggedLines;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;

/** How an outage reads in the log: a line when it begins, one when it ends, and each refusal the operator must end. */
class StorageFailuresTest {

    private static final SQLException ENDED = new SQLException(
            "FATAL: terminating connection due to administrator command", "57P01");
    private static final SQLException REFUSED = new SQLException(
            "FATAL: role \"inventory\" is not permitted to log in", "28000");
    private static final SQLException DOWN = new SQLException("Connection to localhost:5432 refused", "08001");

    @Test
    void anOutageIsOneLineWhateverTheNumberOfCallsItFailsAndOneWhenItEnds() {
        List<String> lines = logged(() -> {
            for (int call = 0; call < 5; call++) {
                assertInstanceOf(StorageUnavailableException.class, StorageFailures.translate(DOWN));
            }
            StorageFailures.succeeded("answered");
        });

        assertEquals(List.of("WARN The database cannot be used: it cannot be reached: Connection to localhost:5432 "
                + "refused", "INFO The database is usable again"), lines);
    }

    @Test
    void aRefusedLoginIsLoggedOnceEvenWhenTheOutageBeganWithAnotherReason() {
        List<String> lines = logged(() -> {
            StorageFailures.translate(ENDED);
            StorageFailures.translate(REFUSED);
            StorageFailures.translate(ENDED);
            StorageFailures.translate(REFUSED);
            StorageFailures.succeeded("answered");
            StorageFailures.translate(REFUSED); // a new outage: its first line
            StorageFailures.translate(REFUSED);
            StorageFailures.succeeded("answered");
        });

        String ended = "WARN The database cannot be used: it cannot be reached: FATAL: terminating connection due to "
                + "administrator command";
        String refused = "WARN The database cannot be used: the database does not permit the user to log in: FATAL: "
                + "role \"inventory\" is not permitted to log in";
        String back = "INFO The database is usable again";
        assertEquals(List.of(ended, refused, back, refused, back), lines);
    }

    /** Calls on many threads that fail together as an outage begins: its line is written once, never twice. */
    @Test
    void callsFailingTogetherAsAnOutageBeginsLogItOnce() {
        String refused = "WARN The database cannot be used: the database does not permit the user to log in: FATAL: "
                + "role \"inventory\" is not permitted to log in";
        for (int outage = 1; outage <= 200; outage++) {
            List<String> lines = logged(() -> {
                failTogether(4, REFUSED);
                StorageFailures.succeeded("answered");
            });
            assertEquals(List.of(refused, "INFO The database is usable again"), lines, "outage " + outage);
        }
    }

    private static void failTogether(int threads, SQLException failure) {
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> calls = new ArrayList<>();
        for (int call = 0; call < threads; call++) {
            calls.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException | BrokenBarrierException e) {
                    throw new IllegalStateException(e);
                }
                StorageFailures.translate(failure);
            }));
        }
        for (Thread call : calls) {
            try {
                call.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** What StorageFailures logs during the action, after any outage an earlier test left has ended. */
    private static List<String> logged(Runnable action) {
        StorageFailures.succeeded("an earlier test's outage ends unseen");
        return LoggedLines.of(StorageFailures.class, action);
    }
}
