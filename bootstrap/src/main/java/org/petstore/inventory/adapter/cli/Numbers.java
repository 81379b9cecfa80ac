package org.petstore.inventory.adapter.cli;

import java.util.Locale;

/** How the data commands write numbers for people: 1,000,000 rows, 12.3 s, 1 min 4 s. */
final class Numbers {

    private Numbers() {
    }

    static String grouped(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    /** "1 pet", "2 pets". */
    static String count(long value, String singular, String plural) {
        return grouped(value) + " " + (value == 1 ? singular : plural);
    }

    static String seconds(double seconds) {
        return String.format(Locale.ROOT, "%.1f s", seconds);
    }

    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min " + seconds % 60 + " s";
        }
        return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }

    /** Rows per second over the seconds, e.g. "121,951 rows/s". */
    static String rate(long rows, double seconds) {
        return grouped(Math.round(rows / Math.max(seconds, 1e-3))) + " rows/s";
    }
}
