package org.petstore.inventory.adapter.http.observability;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * The id of one request, in the {@code X-Request-Id} header of the request and of its response and in the logging
 * context ({@code requestId}) of everything logged while it is handled. A client's id is kept when it is sane (at
 * most 128 characters of {@code [A-Za-z0-9._-]}); otherwise, or when there is none, the service makes one: 32 hex
 * digits (128 random bits).
 */
final class RequestId {

    static final String HEADER = "X-Request-Id";
    static final String LOGGING_KEY = "requestId";

    private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._-]{1,128}");
    private static final HexFormat HEX = HexFormat.of();

    private RequestId() {
    }

    /** The client's id when it is sane, else a new one. */
    static String of(String presented) {
        return presented != null && SANE.matcher(presented).matches() ? presented : generate();
    }

    static String generate() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return HEX.toHexDigits(random.nextLong()) + HEX.toHexDigits(random.nextLong());
    }
}
