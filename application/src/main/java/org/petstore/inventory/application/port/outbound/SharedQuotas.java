package org.petstore.inventory.application.port.outbound;

import java.util.Map;
import org.petstore.inventory.domain.access.KeyId;

/**
 * Where instances that share one database keep each key's quota bucket together: every instance adds what it took
 * and learns how far ahead the shared bucket lies, on the database's clock, so that no instance's clock matters; and
 * how many live feeds each key holds open on the other instances.
 * Time is in nanoseconds throughout (the database keeps a bucket's tat in nanoseconds since the epoch). There is none
 * on H2 (one process): the quota is kept in the process. An exchange that fails adds nothing, and the instance does
 * not send those units again: what instances take while the store cannot be reached is limited by each instance on
 * its own and is never charged to the shared bucket afterwards.
 */
public interface SharedQuotas {

    /**
     * Adds, for each key, the units this instance took since its last exchange to the key's shared bucket (by the
     * {@code Gcra} rule: from now when the bucket lies in the past) and answers, for each key given, how far the
     * bucket then lies ahead of now, in nanoseconds (0 when it is full). Keys given with 0 units are only read. A
     * store that cannot be reached is a {@code StorageUnavailableException}, and nothing is added.
     */
    Map<KeyId, Long> exchange(Map<KeyId, Usage> taken);

    /**
     * Records how many live feeds each key given has open on this instance (0 clears what this instance recorded
     * before) and answers, for each key given, how many it has open on the other instances that recorded theirs
     * within the last {@value #FEEDS_FRESH_SECONDS} s: an instance that stopped, or died, counts no more after that.
     * A store that cannot be reached is a {@code StorageUnavailableException}.
     */
    Map<KeyId, Integer> shareFeeds(Map<KeyId, Integer> openHere);

    /** How long an instance's record of its open live feeds counts without being renewed, in seconds. */
    int FEEDS_FRESH_SECONDS = 5;

    /**
     * What an instance took of a key's quota.
     *
     * @param units         units taken since the last exchange, 0 or more
     * @param intervalNanos the key's quota's interval ({@code Quota.intervalNanos()}): what one unit moves the
     *                      bucket, in nanoseconds
     */
    record Usage(long units, long intervalNanos) {
    }
}
