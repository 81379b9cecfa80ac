package org.petstore.inventory.adapter.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.petstore.inventory.application.port.outbound.ChangeOutcome;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.InventoryEntry;

/**
 * Combines the changes of counts without a condition (sets and deltas, each of one entry, without an idempotency key)
 * that arrive while an earlier one is running into one statement: a database pays for a statement and its commit far
 * more than for a row (group commit, done before the database). Measured with 32 clients on PostgreSQL: about 11
 * entries per statement, and more than twice the changes per second; on H2 (where each commit is a write to the
 * database file) about a third more. It is {@link JdbcInventoryRepository}'s own way to carry out such a change.
 *
 * <p>Each change waits in line. One thread at a time (started when a change finds none running) takes the waiting
 * changes, at most {@link #MAX_ENTRIES} and no pet twice (a later change of the same pet waits for the next statement,
 * so the changes of one pet are made in arrival order, each answered with the version it produced), runs them as one
 * statement with their records in the stock ledger ({@link InventoryStatements#lockRecordAndChange}), answers each of
 * them, and goes on while changes wait. Nothing waits on purpose: a lone change is a statement of one entry.
 *
 * <p>One statement runs at a time ({@link #STATEMENTS_IN_FLIGHT}): that makes changes wait in line long enough to be
 * combined (with two, most statements set one entry; two that never hold the same pet, the second started only once 8
 * changes wait, made fewer changes a second on PostgreSQL). The price: a statement that waits for a row lock (an import
 * holding the entry) holds up the changes of other pets behind it, at most until their deadlines.
 *
 * <p>Every change keeps the deadline of its request ({@link DatabaseDeadlines}), waiting in line included: a statement
 * bounds its reads by the earliest deadline of its changes, and a change whose deadline passes before it was sent is
 * withdrawn and fails as a database that did not answer, having changed nothing. So when the database stops
 * answering, every change fails as unavailable in time, however many wait.
 *
 * <p>Each change is answered with the domain's decision on its entry as it was ({@code EntryChange.decide}); a refused
 * delta does not hold up the others. When the statement fails, every change in it fails, having changed nothing; a
 * deadlock or serialization failure is retried ({@link DatabaseCalls#retryingConflicts}).
 */
final class UpdateCombiner {

    /** Entries set by one statement at most. */
    static final int MAX_ENTRIES = 64;

    /** Statements running at once (see the class comment). */
    static final int STATEMENTS_IN_FLIGHT = 1;

    /** Where a combined statement gets its connection, and how it runs on it. */
    interface Store {

        /** A pooled connection in autocommit mode; waits for one as the pool does. */
        Connection connection() throws SQLException;

        /**
         * Makes the changes (of distinct pets, in pet order) as one transaction that records them, each as the rule
         * allows it; returns the entries as they were before, by pet (none for a pet without one).
         */
        Map<Long, InventoryEntry> change(Connection connection, List<EntryChange> changes) throws SQLException;
    }

    private final Store store;
    private final DatabaseDeadlines deadlines;
    private final Semaphore slots = new Semaphore(STATEMENTS_IN_FLIGHT);
    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Update> line = new ArrayDeque<>();

    UpdateCombiner(Store store, DatabaseDeadlines deadlines) {
        this.store = store;
        this.deadlines = deadlines;
    }

    /** Makes the change (without a condition on its entry's version), recorded with its origin; what became of it. */
    ChangeOutcome change(EntryChange change) {
        Update mine = new Update(change, deadlines.start());
        lock.lock();
        try {
            line.addLast(mine);
        } finally {
            lock.unlock();
        }
        try {
            drainIfIdle();
        } catch (RuntimeException | Error e) {
            if (withdrawn(mine)) {
                throw e; // no thread to run it: it was never sent
            }
        }
        return answerOf(mine);
    }

    /** Withdraws the update from the line unless a statement has sent it; whether it did. */
    private boolean withdrawn(Update update) {
        if (!update.withdraw()) {
            return false;
        }
        lock.lock();
        try {
            line.remove(update);
        } finally {
            lock.unlock();
        }
        return true;
    }

    /**
     * Starts a thread that runs statements while updates wait, unless one is running: that one takes the update
     * just placed in line, before it stops or after (it looks at the line again after giving its slot back).
     */
    private void drainIfIdle() {
        if (slots.tryAcquire()) {
            try {
                Thread.ofVirtual().name("inventory-update-combiner").start(this::drain);
            } catch (RuntimeException | Error e) {
                slots.release(); // no thread holds the slot; the next update tries again
                throw e;
            }
        }
    }

    /** Runs statements for the waiting updates until none waits; holds the slot, gives it back when done. */
    private void drain() {
        do {
            try {
                for (List<Update> taken = take(); !taken.isEmpty(); taken = take()) {
                    run(taken);
                }
            } finally {
                slots.release();
            }
        } while (waiting() && slots.tryAcquire());
    }

    /**
     * The update's answer, waited for until its deadline; an update still waiting then is withdrawn and fails, one
     * already sent is waited for (its statement is bounded by a deadline no later than its own).
     */
    private ChangeOutcome answerOf(Update mine) {
        long left = mine.deadline.millisLeft();
        try {
            return mine.answer.get(Math.max(left, 0) + 1, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw Update.rethrown(e.getCause());
        } catch (TimeoutException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            if (withdrawn(mine)) {
                throw StorageFailures.translate(mine.deadline.missed());
            }
            try {
                return mine.answer.join(); // sent: its statement ends by a deadline no later than this one
            } catch (CompletionException failed) {
                throw Update.rethrown(failed.getCause());
            }
        }
    }

    private boolean waiting() {
        lock.lock();
        try {
            return !line.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    /** The longest run of waiting updates, in arrival order, with no pet twice and no more than the limit. */
    private List<Update> take() {
        lock.lock();
        try {
            List<Update> taken = new ArrayList<>(Math.min(line.size(), MAX_ENTRIES));
            Set<Long> pets = new HashSet<>();
            for (Iterator<Update> waiting = line.iterator(); waiting.hasNext() && taken.size() < MAX_ENTRIES; ) {
                Update update = waiting.next();
                if (!pets.contains(update.petId)) {
                    waiting.remove();
                    if (update.take()) {
                        pets.add(update.petId);
                        taken.add(update);
                    }
                }
            }
            return taken;
        } finally {
            lock.unlock();
        }
    }

    /** Runs one statement for the changes taken, and answers them once its connection is back in the pool. */
    private void run(List<Update> taken) {
        taken.sort(Comparator.comparingLong(update -> update.petId)); // one lock order for every statement
        List<Update> sent = List.of();
        Map<Long, InventoryEntry> before = Map.of();
        Throwable failure = null;
        try (Connection connection = store.connection()) {
            sent = taken.stream().filter(Update::send).toList();
            if (!sent.isEmpty()) { // else every one of them was withdrawn while the connection was awaited
                earliestDeadline(sent).bound(connection);
                List<EntryChange> changes = sent.stream().map(update -> update.change).toList();
                before = StorageFailures.succeeded(DatabaseCalls.retryingConflicts(connection,
                        retried -> store.change(retried, changes)));
            }
        } catch (SQLException e) {
            failure = StorageFailures.translate(e);
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        if (failure != null) {
            failAll(taken, failure);
            if (failure instanceof Error error) {
                throw error;
            }
            return;
        }
        for (Update update : sent) {
            update.answer.complete(ChangeOutcome.of(List.of(
                    update.change.decide(Optional.ofNullable(before.get(update.petId))))));
        }
    }

    /** Fails every update taken that is not withdrawn or answered; a withdrawn one has had its answer. */
    private static void failAll(List<Update> taken, Throwable failure) {
        for (Update update : taken) {
            if (update.send() || update.wasSent()) {
                update.answer.completeExceptionally(failure);
            }
        }
    }

    private static DatabaseDeadlines.Deadline earliestDeadline(List<Update> updates) {
        return updates.stream().map(update -> update.deadline)
                .reduce((earliest, next) -> next.isBefore(earliest) ? next : earliest).orElseThrow();
    }

    /**
     * One waiting update and its answer. It is in line, then taken by a statement, then sent to the database with it;
     * while it is not sent, its waiter may withdraw it once its deadline passed.
     */
    private static final class Update {

        private static final int IN_LINE = 0;
        private static final int TAKEN = 1;
        private static final int SENT = 2;
        private static final int WITHDRAWN = 3;

        private final EntryChange change;
        private final long petId;
        private final DatabaseDeadlines.Deadline deadline;
        private final AtomicInteger state = new AtomicInteger(IN_LINE);
        private final CompletableFuture<ChangeOutcome> answer = new CompletableFuture<>();

        Update(EntryChange change, DatabaseDeadlines.Deadline deadline) {
            this.change = change;
            this.petId = change.petId().value();
            this.deadline = deadline;
        }

        /** Taken by a statement, unless withdrawn. */
        boolean take() {
            return state.compareAndSet(IN_LINE, TAKEN);
        }

        /** Sent with its statement, unless withdrawn. */
        boolean send() {
            return state.compareAndSet(TAKEN, SENT);
        }

        boolean wasSent() {
            return state.get() == SENT;
        }

        /** Withdrawn by its waiter, unless already sent. */
        boolean withdraw() {
            return state.compareAndSet(IN_LINE, WITHDRAWN) || state.compareAndSet(TAKEN, WITHDRAWN);
        }

        /** The failure of a statement, thrown again in a waiting request's thread. */
        static RuntimeException rethrown(Throwable failure) {
            if (failure instanceof RuntimeException unchecked) {
                return unchecked;
            }
            if (failure instanceof Error error) {
                throw error;
            }
            return new IllegalStateException(failure);
        }
    }
}
