package org.petstore.inventory.adapter.http.observability;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.netty.handler.codec.http.HttpMethod;
import jakarta.inject.Singleton;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * The metrics of the requests the fast routes answer, under the names and tags Micronaut's metrics filter gives the
 * requests it routes, so that a dashboard sees one service: {@code http.server.requests} by method, route template
 * ({@code /v1/inventory/{petId}}, never a raw id), status and exception ({@code none}: a fast route answers every
 * failure itself), and the stock keeper's counters for {@code PATCH /v1/inventory/{petId}}.
 */
@Singleton
public final class FastRouteMetrics {

    static final String HTTP_SERVER_REQUESTS = "http.server.requests";

    private final MeterRegistry registry;
    private final StockKeeperMetrics stockKeeper;
    private final ConcurrentMap<Route, Timer> timers = new ConcurrentHashMap<>();

    FastRouteMetrics(MeterRegistry registry, StockKeeperMetrics stockKeeper) {
        this.registry = registry;
        this.stockKeeper = stockKeeper;
    }

    /**
     * Records one request answered.
     *
     * @param route      the route template, e.g. {@code /v1/inventory/{petId}}
     * @param startNanos {@link System#nanoTime()} when the request came
     */
    public void answered(HttpMethod method, String route, int status, long startNanos) {
        long nanos = System.nanoTime() - startNanos;
        timers.computeIfAbsent(new Route(method.name(), route, status), this::timer).record(nanos, TimeUnit.NANOSECONDS);
        if (method == HttpMethod.PATCH) {
            stockKeeper.countUpdateAnswer(status);
        }
    }

    private Timer timer(Route route) {
        return Timer.builder(HTTP_SERVER_REQUESTS)
                .tag("exception", "none")
                .tag("method", route.method)
                .tag("status", Integer.toString(route.status))
                .tag("uri", route.template)
                .register(registry);
    }

    private record Route(String method, String template, int status) {
    }
}
