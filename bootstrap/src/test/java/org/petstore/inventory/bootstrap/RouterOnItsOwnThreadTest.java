package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.BeanContext;
import io.micronaut.context.exceptions.BeanInstantiationException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Micronaut's router is built on a thread of its own while the main thread creates the other beans
 * ({@link RouterOnItsOwnThread}); a failure there is left to the main thread, where the start reports it.
 */
class RouterOnItsOwnThreadTest {

    private final List<String> asked = new CopyOnWriteArrayList<>();

    @Test
    void theRouterIsAskedForOnADaemonThreadOfItsOwn() throws InterruptedException {
        RouterOnItsOwnThread router = new RouterOnItsOwnThread(context(null), null, null);
        router.thread.join(10_000);

        assertFalse(router.thread.isAlive());
        assertTrue(router.thread.isDaemon(), "it never holds up the JVM's exit");
        assertEquals(List.of("Router on " + RouterOnItsOwnThread.THREAD), asked);
    }

    @Test
    void aRouterThatCannotBeBuiltThereIsLeftToTheMainThread() {
        RouterOnItsOwnThread.build(context(new BeanInstantiationException("a route that cannot be built")));

        assertEquals(List.of("Router on " + Thread.currentThread().getName()), asked);
    }

    /** A bean context that knows only how to be asked for a bean: no router, or the given failure. */
    private BeanContext context(RuntimeException failure) {
        return (BeanContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {BeanContext.class},
                (proxy, method, arguments) -> {
                    if (method.getName().equals("findBean") && arguments.length == 1) {
                        asked.add(((Class<?>) arguments[0]).getSimpleName() + " on " + Thread.currentThread().getName());
                        if (failure != null) {
                            throw failure;
                        }
                        return Optional.empty();
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
