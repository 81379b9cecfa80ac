package org.petstore.inventory.adapter.http.drain;

import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;

/**
 * While the service drains ({@link ShutdownDrain}), every response carries {@code Connection: close}: Micronaut then
 * closes its connection after it, and the client opens its next connection elsewhere. The first filter after routing,
 * so that on the way out it sees every response, security's refusals and 404s included; a refusal made before routing
 * (a cross-origin request's 403) passes no route filter, and its connection is closed by the graceful shutdown.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class DrainingResponses implements Ordered {

    private final ShutdownDrain drain;

    DrainingResponses(ShutdownDrain drain) {
        this.drain = drain;
    }

    @ResponseFilter
    void closeWhileDraining(MutableHttpResponse<?> response) {
        if (drain.draining()) {
            response.header(HttpHeaders.CONNECTION, "close");
        }
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.before();
    }
}
