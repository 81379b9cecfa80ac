package org.petstore.inventory.adapter.http.transport;

import io.micronaut.context.BeanContext;
import io.micronaut.context.annotation.Primary;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.filter.GenericHttpFilter;
import io.micronaut.runtime.server.event.ServerStartupEvent;
import io.micronaut.web.router.DefaultRouter;
import io.micronaut.web.router.RouteMatch;
import io.micronaut.web.router.Router;
import io.micronaut.web.router.UriRouteInfo;
import io.micronaut.web.router.UriRouteMatch;
import jakarta.inject.Singleton;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * Micronaut's router, built once the HTTP server listens instead of before: the router of the HTTP server, which
 * passes every call on to Micronaut's own ({@link DefaultRouter}).
 *
 * <p>Building Micronaut's router (every route of the controllers and the management endpoints, with the filters and
 * the body writers they need) takes about 0.1 s of CPU at every start, and the fast routes ({@link FastRoutes}), which
 * answer the service's first requests, do not use it. The HTTP server only needs the router's answer to one question
 * before it listens: which other ports its routes are bound to. Routes get a port of their own only from
 * {@code endpoints.all.port} (the management endpoints on a port of their own) or {@code @Controller(port = ...)},
 * which no controller of the service uses; so this router answers "none" without building Micronaut's, and is only in
 * place when {@code endpoints.all.port} is not set. Micronaut's router is then built on a thread of its own
 * ({@value #THREAD}) once the server listens ({@link ServerStartupEvent}), while the first requests are answered.
 *
 * <p>Meanwhile a connection's requests for Micronaut wait in front of it ({@link RoutingGate}), and go on once it is
 * built. Should it not build, the service cannot answer them: {@link #awaitBuilt()} throws the failure, and the start
 * fails with it. Built anywhere but in a server (a context without one), it is built at its first use.
 */
@Singleton
@Primary
@Requires(notEnv = Environment.CLI)
@Requires(missingProperty = DeferredRouter.MANAGEMENT_PORT)
public final class DeferredRouter implements Router, ApplicationEventListener<ServerStartupEvent> {

    /** The thread that builds Micronaut's router. */
    static final String THREAD = "petstore-router";
    /** The setting that gives the management endpoints a port of their own. */
    static final String MANAGEMENT_PORT = "endpoints.all.port";

    private final BeanContext context;
    private final AtomicBoolean started = new AtomicBoolean();
    private final CompletableFuture<Router> built = new CompletableFuture<>();

    DeferredRouter(BeanContext context) {
        this.context = context;
    }

    /** Builds Micronaut's router on a thread of its own, once the server listens. */
    @Override
    public void onApplicationEvent(ServerStartupEvent event) {
        if (started.compareAndSet(false, true)) {
            Thread.ofPlatform().daemon().name(THREAD).start(this::build);
        }
    }

    /** Done once Micronaut's router is built, or could not be. */
    CompletionStage<Router> built() {
        return built;
    }

    /**
     * Waits until Micronaut's router is built.
     *
     * @throws RuntimeException what stopped it from being built
     */
    public void awaitBuilt() {
        router();
    }

    private void build() {
        try {
            Router router = context.getBean(DefaultRouter.class);
            if (!router.getExposedPorts().isEmpty()) {
                throw new IllegalStateException("Routes on ports of their own " + router.getExposedPorts()
                        + " need Micronaut's router before the server listens, and it is built after (it is built"
                        + " before only when " + MANAGEMENT_PORT + " is set)");
            }
            built.complete(router);
        } catch (RuntimeException | Error e) {
            built.completeExceptionally(e);
        }
    }

    private Router router() {
        if (!built.isDone() && started.compareAndSet(false, true)) {
            build();
        }
        try {
            return built.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error failure) {
                throw failure;
            }
            throw e;
        }
    }

    /** None: see the class comment. */
    @Override
    public Set<Integer> getExposedPorts() {
        return Set.of();
    }

    @Override
    public void applyDefaultPorts(List<Integer> ports) {
        router().applyDefaultPorts(ports);
    }

    @Override
    public <T, R> Stream<UriRouteMatch<T, R>> findAny(CharSequence uri, HttpRequest<?> context) {
        return router().findAny(uri, context);
    }

    @Override
    public <T, R> List<UriRouteMatch<T, R>> findAny(HttpRequest<?> request) {
        return router().findAny(request);
    }

    @Override
    public <T, R> Stream<UriRouteMatch<T, R>> find(HttpMethod httpMethod, CharSequence uri, HttpRequest<?> context) {
        return router().find(httpMethod, uri, context);
    }

    @Override
    public <T, R> Stream<UriRouteMatch<T, R>> find(HttpMethod httpMethod, URI uri, HttpRequest<?> context) {
        return router().find(httpMethod, uri, context);
    }

    @Override
    public <T, R> Stream<UriRouteMatch<T, R>> find(HttpRequest<?> request) {
        return router().find(request);
    }

    @Override
    public <T, R> Stream<UriRouteMatch<T, R>> find(HttpRequest<?> request, CharSequence uri) {
        return router().find(request, uri);
    }

    @Override
    public <T, R> List<UriRouteMatch<T, R>> findAllClosest(HttpRequest<?> request) {
        return router().findAllClosest(request);
    }

    @Override
    public <T, R> UriRouteMatch<T, R> findClosest(HttpRequest<?> request) {
        return router().findClosest(request);
    }

    @Override
    public Stream<UriRouteInfo<?, ?>> uriRoutes() {
        return router().uriRoutes();
    }

    @Override
    public <T, R> Optional<UriRouteMatch<T, R>> route(HttpMethod httpMethod, CharSequence uri) {
        return router().route(httpMethod, uri);
    }

    @Override
    public <R> Optional<RouteMatch<R>> route(HttpStatus status) {
        return router().route(status);
    }

    @Override
    public <R> Optional<RouteMatch<R>> route(Class<?> originatingClass, HttpStatus status) {
        return router().route(originatingClass, status);
    }

    @Override
    public <R> Optional<RouteMatch<R>> route(Throwable error) {
        return router().route(error);
    }

    @Override
    public <R> Optional<RouteMatch<R>> route(Class<?> originatingClass, Throwable error) {
        return router().route(originatingClass, error);
    }

    @Override
    public <R> Optional<RouteMatch<R>> findErrorRoute(Class<?> originatingClass, Throwable error,
            HttpRequest<?> request) {
        return router().findErrorRoute(originatingClass, error, request);
    }

    @Override
    public <R> Optional<RouteMatch<R>> findErrorRoute(Throwable error, HttpRequest<?> request) {
        return router().findErrorRoute(error, request);
    }

    @Override
    public <R> Optional<RouteMatch<R>> findStatusRoute(Class<?> originatingClass, HttpStatus status,
            HttpRequest<?> request) {
        return router().findStatusRoute(originatingClass, status, request);
    }

    @Override
    public <R> Optional<RouteMatch<R>> findStatusRoute(Class<?> originatingClass, int statusCode,
            HttpRequest<?> request) {
        return router().findStatusRoute(originatingClass, statusCode, request);
    }

    @Override
    public <R> Optional<RouteMatch<R>> findStatusRoute(HttpStatus status, HttpRequest<?> request) {
        return router().findStatusRoute(status, request);
    }

    @Override
    public <R> Optional<RouteMatch<R>> findStatusRoute(int statusCode, HttpRequest<?> request) {
        return router().findStatusRoute(statusCode, request);
    }

    @Override
    public List<GenericHttpFilter> findFilters(HttpRequest<?> request) {
        return router().findFilters(request);
    }

    @Override
    public List<GenericHttpFilter> findFilters(HttpRequest<?> request, RouteMatch<?> routeMatch) {
        return router().findFilters(request, routeMatch);
    }

    @Override
    public List<GenericHttpFilter> findPreMatchingFilters(HttpRequest<?> request) {
        return router().findPreMatchingFilters(request);
    }

    @Override
    public <T, R> Optional<UriRouteMatch<T, R>> GET(CharSequence uri) {
        return router().GET(uri);
    }

    @Override
    public <T, R> Optional<UriRouteMatch<T, R>> POST(CharSequence uri) {
        return router().POST(uri);
    }

    @Override
    public <T, R> Optional<UriRouteMatch<T, R>> PUT(CharSequence uri) {
        return router().PUT(uri);
    }

    @Override
    public <T, R> Optional<UriRouteMatch<T, R>> PATCH(CharSequence uri) {
        return router().PATCH(uri);
    }

    @Override
    public <T, R> Optional<UriRouteMatch<T, R>> DELETE(CharSequence uri) {
        return router().DELETE(uri);
    }

    @Override
    public <T, R> Optional<UriRouteMatch<T, R>> OPTIONS(CharSequence uri) {
        return router().OPTIONS(uri);
    }

    @Override
    public <T, R> Optional<UriRouteMatch<T, R>> HEAD(CharSequence uri) {
        return router().HEAD(uri);
    }
}
