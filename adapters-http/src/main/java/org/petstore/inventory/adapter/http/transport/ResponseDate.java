package org.petstore.inventory.adapter.http.transport;

import io.micronaut.http.server.HttpServerConfiguration;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The headers Micronaut puts on every response it routes, for the responses of the {@link FastRoutes}: {@code Date}
 * (in the same format, RFC 1123, when the server's {@code date-header} setting is on) and the configured
 * {@code Server}. The date is formatted once a second.
 */
final class ResponseDate {

    private final boolean dateHeader;
    private final String server;
    private volatile Formatted current = new Formatted(Long.MIN_VALUE, "");

    ResponseDate(HttpServerConfiguration configuration) {
        this.dateHeader = configuration.isDateHeader();
        this.server = configuration.getServerHeader().orElse(null);
    }

    void addTo(HttpHeaders headers) {
        if (dateHeader && !headers.contains(HttpHeaderNames.DATE)) {
            headers.set(HttpHeaderNames.DATE, now());
        }
        if (server != null && !headers.contains(HttpHeaderNames.SERVER)) {
            headers.add(HttpHeaderNames.SERVER, server);
        }
    }

    private String now() {
        long second = System.currentTimeMillis() / 1000;
        Formatted formatted = current;
        if (formatted.second != second) {
            formatted = new Formatted(second, DateTimeFormatter.RFC_1123_DATE_TIME
                    .format(Instant.ofEpochSecond(second).atOffset(ZoneOffset.UTC)));
            current = formatted;
        }
        return formatted.text;
    }

    private record Formatted(long second, String text) {
    }
}
