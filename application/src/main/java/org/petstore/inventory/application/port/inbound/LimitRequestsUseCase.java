package org.petstore.inventory.application.port.inbound;

import java.util.Optional;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.quota.Quota;

/**
 * Fair use: each managed key's quota, kept for the key across every instance. A request costs one unit, a batch one
 * per change ({@link #charge}); a live feed holds one of the key's feed places while it is open ({@link #openFeed}).
 * Answered from memory, never blocking: instances share what they took in the background.
 * {@code keysOwn} is the key's own quota ({@code ApiKey.quota()}), null for the service's default.
 */
public interface LimitRequestsUseCase {

    /** The quota that applies to a key with this own quota: its own, else the default; empty when quotas are off. */
    Optional<Quota> quotaOf(Quota keysOwn);

    /** Takes {@code cost} units of the key's quota, or refuses all of them. */
    Charge charge(KeyId key, Quota keysOwn, int cost);

    /** Takes one of the key's live-feed places until the feed's {@link Feed.Opened#close}, or refuses. */
    Feed openFeed(KeyId key, Quota keysOwn);

    /** What a charge did. */
    sealed interface Charge {
    }

    /** Quotas are off: nothing to charge, nothing to tell. */
    record Unlimited() implements Charge {
    }

    /**
     * Taken.
     *
     * @param remaining    units the key could take at once now
     * @param resetSeconds seconds until the key's burst is whole again
     */
    record Allowed(Quota quota, int remaining, long resetSeconds) implements Charge {
    }

    /**
     * Refused: nothing taken. A cost above the quota's burst ({@code cost > quota.burst()}, a batch bigger than the
     * key's burst) is always refused, however long the client waits.
     *
     * @param retryAfterSeconds seconds (at least 1) until the same request would be taken; for a cost above the burst,
     *                          which never will be, seconds (at least 1) until the key's burst is whole again
     */
    record Limited(KeyId key, Quota quota, int cost, long retryAfterSeconds) implements Charge {
    }

    /** What opening a feed did. */
    sealed interface Feed {
    }

    /** Open: {@link #close} gives the place back (once; again does nothing). */
    record Opened(Runnable close) implements Feed {
    }

    /** Every place is taken: {@code open} feeds of the quota's {@code liveFeeds}. */
    record Full(KeyId key, Quota quota) implements Feed {
    }

    /** Quotas are off: no place to take. */
    record NotCounted() implements Feed {
    }
}
