package org.petstore.inventory.adapter.http.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.BeanContext;
import io.micronaut.context.exceptions.BeanInstantiationException;
import io.micronaut.http.HttpRequest;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.runtime.server.event.ServerStartupEvent;
import io.micronaut.web.router.DefaultRouter;
import io.micronaut.web.router.RouteBuilder;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The HTTP server's router answers its one question before it listens without building Micronaut's, builds that one
 * on a thread of its own once the server listens, and passes every call on to it ({@link DeferredRouter}).
 */
class DeferredRouterTest {

    /** The bean context's answers to "DefaultRouter", and on which thread it was asked. */
    private final List<String> asked = new CopyOnWriteArrayList<>();

    @Test
    void theServerLearnsThatNoRouteHasAPortOfItsOwnWithoutTheRouterBeingBuilt() {
        DeferredRouter router = new DeferredRouter(context(new DefaultRouter(List.of()), null));

        assertEquals(Set.of(), router.getExposedPorts());
        assertEquals(List.of(), asked);
    }

    @Test
    void onceTheServerListensMicronautsRouterIsBuiltOnAThreadOfItsOwnAndAnswersEveryCall() throws Exception {
        DefaultRouter micronauts = new DefaultRouter(List.of(builder(Set.of())));
        DeferredRouter router = new DeferredRouter(context(micronauts, null));

        router.onApplicationEvent(new ServerStartupEvent(server()));
        assertSame(micronauts, router.built().toCompletableFuture().get(10, TimeUnit.SECONDS));
        router.awaitBuilt();

        assertEquals(List.of("DefaultRouter on " + DeferredRouter.THREAD), asked);
        assertEquals(List.of(), router.findAny(HttpRequest.GET("/v1/inventory")));
        assertEquals(0, router.uriRoutes().count());
        assertEquals(1, asked.size(), "built once");
    }

    @Test
    void usedBeforeAnyServerListensItIsBuiltOnTheCallersThread() {
        DeferredRouter router = new DeferredRouter(context(new DefaultRouter(List.of()), null));

        assertTrue(router.findAllClosest(HttpRequest.GET("/health")).isEmpty());

        assertEquals(List.of("DefaultRouter on " + Thread.currentThread().getName()), asked);
    }

    @Test
    void aRouterThatCannotBeBuiltFailsWithItsOwnCause() {
        BeanInstantiationException cause = new BeanInstantiationException("a route that cannot be built");
        DeferredRouter router = new DeferredRouter(context(null, cause));

        router.onApplicationEvent(new ServerStartupEvent(server()));

        assertSame(cause, assertThrows(BeanInstantiationException.class, router::awaitBuilt));
    }

    @Test
    void routesOnAPortOfTheirOwnThatTheServerWasNotToldAboutFailTheRouter() {
        DeferredRouter router = new DeferredRouter(context(new DefaultRouter(List.of(builder(Set.of(8081)))), null));

        IllegalStateException failure = assertThrows(IllegalStateException.class, router::awaitBuilt);

        assertEquals("Routes on ports of their own [8081] need Micronaut's router before the server listens, and it"
                + " is built after (it is built before only when endpoints.all.port is set)", failure.getMessage());
    }

    /** A bean context that knows only Micronaut's router, or fails to make it. */
    private BeanContext context(DefaultRouter router, RuntimeException failure) {
        return (BeanContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {BeanContext.class},
                (proxy, method, arguments) -> {
                    if (method.getName().equals("getBean") && arguments.length == 1
                            && arguments[0] == DefaultRouter.class) {
                        asked.add("DefaultRouter on " + Thread.currentThread().getName());
                        if (failure != null) {
                            throw failure;
                        }
                        return router;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    /** Routes of no kind, bound to the given ports. */
    private static RouteBuilder builder(Set<Integer> exposedPorts) {
        return (RouteBuilder) Proxy.newProxyInstance(DeferredRouterTest.class.getClassLoader(),
                new Class<?>[] {RouteBuilder.class}, (proxy, method, arguments) -> switch (method.getName()) {
                    case "getExposedPorts" -> exposedPorts;
                    case "getUriRoutes", "getStatusRoutes", "getErrorRoutes", "getFilterRoutes" -> List.of();
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private static EmbeddedServer server() {
        return (EmbeddedServer) Proxy.newProxyInstance(DeferredRouterTest.class.getClassLoader(),
                new Class<?>[] {EmbeddedServer.class}, (proxy, method, arguments) -> {
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
