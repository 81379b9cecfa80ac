package org.petstore.inventory.adapter.http.observability;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micronaut.context.annotation.Property;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.BasicHttpAttributes;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.FilterContinuation;
import io.micronaut.http.filter.ServerFilterPhase;
import io.micronaut.http.server.annotation.PreMatching;
import io.micronaut.web.router.RouteAttributes;
import io.micronaut.web.router.UriRouteMatch;
import io.micronaut.web.router.ErrorRouteInfo;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

/**
 * The request metrics: a timer {@code http.server.requests} ({@code http_server_requests_seconds} at
 * {@code /prometheus}) per method, status, route template ({@code uri}) and exception, named and tagged as
 * micronaut-micrometer's web binder does, so that a dashboard reads the same series. It runs before routing
 * ({@link PreMatching}, in {@link ServerFilterPhase#METRICS}) and wraps the rest, so that it counts what the other
 * filters refuse too (the cross-origin 403, tagged {@code UNMATCHED_URI}) and micronaut-security's 401. It stands in
 * for micronaut-micrometer 5.13.2's {@code ServerMetricsFilter} (switched off by
 * {@code micronaut.metrics.binders.web.enabled: false}), which has no order, runs after security's filter and never
 * sees a 401 (micronaut-micrometer #970); the fix (#1150) ships in 6.x, for Micronaut 5 only: with it, delete this
 * class and that setting.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class ServerRequestMetrics implements Ordered {

    /** The binder's metric name. */
    static final String REQUESTS = "http.server.requests";

    private static final String UNMATCHED_URI = "UNMATCHED_URI";
    private static final Pattern REPEATED_SLASHES = Pattern.compile("/{2,}");

    private final MeterRegistry registry;
    private final boolean clientErrorUris;

    /**
     * @param clientErrorUris the binder's setting: false tags every 4xx but 404 with the uri {@code UNAUTHORIZED}
     *                        (401) or {@code BAD_REQUEST} in place of its route template
     */
    ServerRequestMetrics(MeterRegistry registry,
                         @Property(name = "micronaut.metrics.binders.web.client-errors-uris.enabled",
                                 defaultValue = "true") boolean clientErrorUris) {
        this.registry = registry;
        this.clientErrorUris = clientErrorUris;
    }

    /** Times the request from before routing to its answer, whichever filter or route gave it. */
    @PreMatching
    @RequestFilter
    Publisher<MutableHttpResponse<?>> time(HttpRequest<?> request,
                                          FilterContinuation<Publisher<MutableHttpResponse<?>>> continuation) {
        long start = System.nanoTime();
        return Mono.from(continuation.proceed()).doOnNext(response -> record(request, response, start));
    }

    private void record(HttpRequest<?> request, HttpResponse<?> response, long start) {
        int status = response.code();
        Tags tags = Tags.of(
                "method", request.getMethod().toString(),
                "status", Integer.toString(status),
                "uri", uri(request, status),
                "exception", exception(response));
        registry.timer(REQUESTS, tags).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.METRICS.order();
    }

    /** The route template, or the binder's name for the class of the answer: ids never become series. */
    private String uri(HttpRequest<?> request, int status) {
        if (status >= 300 && status < 400) {
            return "REDIRECTION";
        }
        if (!clientErrorUris && status >= 400 && status < 500) {
            return status == HttpStatus.UNAUTHORIZED.getCode() ? "UNAUTHORIZED" : "BAD_REQUEST";
        }
        if (status == HttpStatus.NOT_FOUND.getCode()) {
            return "NOT_FOUND";
        }
        String template = RouteAttributes.getRouteMatch(request)
                .filter(UriRouteMatch.class::isInstance)
                .map(match -> ((UriRouteMatch<?, ?>) match).getRouteInfo().getUriMatchTemplate().toPathString())
                .or(() -> BasicHttpAttributes.getUriTemplate(request))
                .orElse(UNMATCHED_URI);
        return sanitized(template);
    }

    /** As the binder writes a path: no repeated or trailing slash, and {@code root} for {@code /}. */
    private static String sanitized(String path) {
        String single = REPEATED_SLASHES.matcher(path).replaceAll("/");
        String trimmed = single.endsWith("/") ? single.substring(0, single.length() - 1) : single;
        return trimmed.isEmpty() ? "root" : trimmed;
    }

    /**
     * The simple name of the exception the answer was made from, as the binder tags it: {@code none} when there was
     * none, or when an error route turned it into an answer below 400.
     */
    private static String exception(HttpResponse<?> response) {
        Throwable thrown = RouteAttributes.getException(response).orElse(null);
        if (thrown == null) {
            return "none";
        }
        boolean errorRoute = RouteAttributes.getRouteMatch(response)
                .filter(match -> match.getRouteInfo() instanceof ErrorRouteInfo<?, ?>)
                .isPresent();
        return errorRoute && response.code() < 400 ? "none" : thrown.getClass().getSimpleName();
    }
}
