package org.petstore.inventory.domain.quota;

import java.math.BigInteger;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A managed key's quota: {@code perSecond} requests a second sustained, up to {@code burst} at once after a pause,
 * and at most {@code liveFeeds} live feeds open at once. A request costs one unit, a batch one per change.
 *
 * @param perSecond 1 to {@value #MAX_PER_SECOND}
 * @param burst     1 to {@value #MAX_BURST}: what a key that has been quiet may send at once
 * @param liveFeeds 1 to {@value #MAX_LIVE_FEEDS}
 */
public record Quota(int perSecond, int burst, int liveFeeds) {

    public static final int MAX_PER_SECOND = 1_000_000;
    public static final int MAX_BURST = 10_000_000;
    public static final int MAX_LIVE_FEEDS = 1_000;
    /** How many live feeds a key may hold open when its quota does not say. */
    public static final int DEFAULT_LIVE_FEEDS = 8;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final Pattern TEXT = Pattern.compile(
            "\\s*(-?\\d+)\\s*/\\s*s\\s*(?:,?\\s*burst\\s+(-?\\d+))?\\s*(?:,?\\s*feeds\\s+(-?\\d+))?\\s*",
            Pattern.CASE_INSENSITIVE);

    public Quota {
        if (perSecond < 1 || perSecond > MAX_PER_SECOND) {
            throw new InvalidQuotaException("perSecond must be from 1 to " + MAX_PER_SECOND + ", got " + perSecond);
        }
        if (burst < 1 || burst > MAX_BURST) {
            throw new InvalidQuotaException("burst must be from 1 to " + MAX_BURST + ", got " + burst);
        }
        if (liveFeeds < 1 || liveFeeds > MAX_LIVE_FEEDS) {
            throw new InvalidQuotaException("liveFeeds must be from 1 to " + MAX_LIVE_FEEDS + ", got " + liveFeeds);
        }
    }

    /** A quota of {@code perSecond} with twice that as its burst and the default number of live feeds. */
    public static Quota of(int perSecond) {
        return new Quota(perSecond, (int) Math.min(MAX_BURST, 2L * perSecond), DEFAULT_LIVE_FEEDS);
    }

    /**
     * The quota a text names, as the setting {@code PETSTORE_RATE_LIMIT} takes it: {@code 200/s burst 400}
     * ({@code burst} left out: twice the rate; {@code feeds 8} may follow), or {@code off} (empty: no quota).
     */
    public static Optional<Quota> parse(String text) {
        if (text == null) {
            throw new InvalidQuotaException("a quota is needed: for example '200/s burst 400', or 'off'");
        }
        if (text.trim().toLowerCase(Locale.ROOT).equals("off")) {
            return Optional.empty();
        }
        Matcher matcher = TEXT.matcher(text);
        if (!matcher.matches()) {
            throw new InvalidQuotaException("'" + (text.length() > 64 ? text.substring(0, 64) + "..." : text)
                    + "' is not a quota: write a rate per second and a burst, for example '200/s burst 400', "
                    + "or 'off'");
        }
        int perSecond = number(matcher.group(1), "perSecond", MAX_PER_SECOND);
        Quota plain = of(Math.max(1, Math.min(perSecond, MAX_PER_SECOND)));
        return Optional.of(new Quota(perSecond,
                matcher.group(2) == null ? plain.burst() : number(matcher.group(2), "burst", MAX_BURST),
                matcher.group(3) == null ? DEFAULT_LIVE_FEEDS : number(matcher.group(3), "liveFeeds", MAX_LIVE_FEEDS)));
    }

    /**
     * A number of the text; one that an {@code int} cannot hold is refused with its range here, as the constructor
     * refuses the others (so that {@code 99999999999/s} is told the range, not that it is no quota).
     */
    private static int number(String digits, String name, int max) {
        BigInteger value = new BigInteger(digits);
        if (value.bitLength() >= Integer.SIZE) {
            throw new InvalidQuotaException(name + " must be from 1 to " + max + ", got " + value);
        }
        return value.intValue();
    }

    /**
     * The time one unit takes to come back, in nanoseconds (the GCRA's emission interval): {@code 1 s / perSecond},
     * rounded up to a whole nanosecond, so that a key never gets more than its rate (truncating lets a little more
     * through over long windows). At least 1,000 ns for every allowed rate, so the rounding lowers the rate by less
     * than 0.1 % (356666/s is kept as 1 s / 2804 ns = 356633/s).
     */
    public long intervalNanos() {
        return (NANOS_PER_SECOND + perSecond - 1) / perSecond;
    }

    /** This quota with another number of live feeds. */
    public Quota withLiveFeeds(int feeds) {
        return new Quota(perSecond, burst, feeds);
    }

    /** The rate and the burst, as a message names them: {@code 50/s burst 100}. */
    public String rate() {
        return perSecond + "/s burst " + burst;
    }

    /**
     * As the setting and the launcher write it: {@code 50/s burst 100}, with {@code feeds 3} when the quota has other
     * than the default number of live feeds, so that {@link #parse} reads it back as this quota.
     */
    @Override
    public String toString() {
        return rate() + (liveFeeds == DEFAULT_LIVE_FEEDS ? "" : " feeds " + liveFeeds);
    }
}
