package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.exceptions.DataAccessException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a failed database call becomes for the application: a database that cannot be used
 * ({@link DatabaseFailure#unavailable()}) is the application's {@link StorageUnavailableException}; every other
 * failure stays a fault (Micronaut Data's {@link DataAccessException} for SQL errors). An outage is logged twice,
 * whatever the number of calls it fails: a WARN line with its reason when a call first finds the database unusable,
 * an INFO line when it next answers a call ({@link #succeeded}); the service has one database, so the state is the
 * process's (HikariCP's own warnings of each connection it drops meanwhile are off in the logging configuration).
 * One exception: a refusal that only the operator can end ({@link DatabaseFailure#refusal()}: the credentials, the
 * login, the database's name) is logged once during an outage that began with another reason, for example connections
 * an administrator ended before the login was refused (the service's upkeep uses the database in the background, so
 * which a call meets first is a matter of timing). Calls fail at once from many threads: an outage is one object, made
 * with its first refusal already counted and published by one compare-and-set, so no two calls both log its start.
 */
final class StorageFailures {

    private static final Logger LOG = LoggerFactory.getLogger(StorageFailures.class);

    /** The outage the last call found, or null while the database answers. */
    private static final AtomicReference<Outage> OUTAGE = new AtomicReference<>();

    /** One outage, with the refusals logged during it. */
    private record Outage(Set<DatabaseFailure> refusalsLogged) {
    }

    private StorageFailures() {
    }

    /** The exception to throw for a failure of a database call. */
    static RuntimeException translate(Exception failure) {
        DatabaseFailure kind = DatabaseFailure.of(failure);
        if (kind.unavailable()) {
            Outage beginning = new Outage(ConcurrentHashMap.newKeySet());
            if (kind.refusal()) {
                beginning.refusalsLogged().add(kind);
            }
            Outage current = OUTAGE.compareAndExchange(null, beginning);
            boolean began = current == null;
            boolean refusal = !began && kind.refusal() && current.refusalsLogged().add(kind);
            if (began || refusal) {
                LOG.warn("The database cannot be used: {}", DatabaseFailure.reason(failure)
                        .orElseGet(() -> DatabaseFailure.firstLine(FailureCauses.root(failure).getMessage())));
            }
            return new StorageUnavailableException("The database cannot be used", failure);
        }
        if (failure instanceof RuntimeException unchecked) {
            return unchecked;
        }
        return new DataAccessException("The database call failed: " + failure.getMessage(), failure);
    }

    /**
     * The result of a call that the database answered: the end of an outage, if there was one, is logged. (Not when
     * a call merely got a connection: the pool hands out one used moments ago unchecked, and it may be dead.)
     */
    static <T> T succeeded(T result) {
        if (OUTAGE.get() != null && OUTAGE.getAndSet(null) != null) {
            LOG.info("The database is usable again");
        }
        return result;
    }
}
