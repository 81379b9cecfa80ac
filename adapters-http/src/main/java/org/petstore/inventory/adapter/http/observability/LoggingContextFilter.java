package org.petstore.inventory.adapter.http.observability;

import io.micronaut.context.propagation.slf4j.MdcPropagationContext;
import io.micronaut.core.order.Ordered;
import io.micronaut.core.propagation.MutablePropagatedContext;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import java.util.Map;

/**
 * Puts the request's id into the logging context (MDC key {@code requestId}) of everything the service logs while
 * it handles the request: security, controllers, error handling, on the event loop and on the blocking executor
 * alike, because Micronaut restores the propagated context on whichever thread continues the request. Runs first,
 * so the security filter's own logging has it too.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class LoggingContextFilter implements Ordered {

    @RequestFilter
    void putRequestIdIntoLoggingContext(HttpRequest<?> request, MutablePropagatedContext context) {
        String id = request.getHeaders().get(RequestId.HEADER);
        if (id != null) {
            context.add(new MdcPropagationContext(Map.of(RequestId.LOGGING_KEY, id)));
        }
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.before();
    }
}
