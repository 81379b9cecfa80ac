package org.petstore.inventory.adapter.http.observability;

import io.netty.handler.codec.http.HttpRequest;
import org.slf4j.MDC;

/**
 * The request's id in the logging context (MDC key {@code requestId}) for work done on a request outside Micronaut's
 * filters (the fast routes), as {@link LoggingContextFilter} puts it for the requests Micronaut routes.
 */
public final class RequestLoggingContext implements AutoCloseable {

    private static final RequestLoggingContext NONE = new RequestLoggingContext(false);

    private final boolean put;

    private RequestLoggingContext(boolean put) {
        this.put = put;
    }

    /** Puts the id the {@link ExchangeObserver} gave the request into this thread's logging context until closed. */
    public static RequestLoggingContext of(HttpRequest request) {
        String id = request.headers().get(RequestId.HEADER);
        if (id == null) {
            return NONE;
        }
        MDC.put(RequestId.LOGGING_KEY, id);
        return new RequestLoggingContext(true);
    }

    @Override
    public void close() {
        if (put) {
            MDC.remove(RequestId.LOGGING_KEY);
        }
    }
}
