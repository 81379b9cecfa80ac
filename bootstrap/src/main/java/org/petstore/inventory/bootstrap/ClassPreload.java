package org.petstore.inventory.bootstrap;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs static initializers that every start needs on a second thread, while the main thread starts Micronaut: the
 * main thread is the start's critical path, and work taken off it runs beside it on the other core.
 *
 * <ul>
 *   <li>Micronaut's bean definitions: Micronaut makes one of every definition in its index (580 here) on the main
 *       thread, in the index's order, and each class's static initializer builds its annotation metadata: about
 *       0.1 s. The second thread initializes them from the last one back, so the two threads meet in the middle.</li>
 *   <li>{@link java.math.BigDecimal}: its static initializer computes a table of large powers of five (JDK 25), about
 *       30 ms on a fresh JVM; Micronaut's {@code MediaType} needs it as the router is built.</li>
 * </ul>
 *
 * <p>Initializing a class on another thread changes nothing but the thread: the JVM runs each static initializer
 * once, and a thread that needs a class another thread is initializing waits for it. Two threads that each initialize
 * a class the other one's initializer needs would wait for each other for ever, so {@link Application#main} starts it
 * only once Micronaut has read its service index (the initializers below need Micronaut's service loading), and the
 * first definition is initialized on the calling thread before the second thread starts: the initializers every
 * definition shares (Micronaut's annotation metadata, its conversion service, its arguments) have then run, on one
 * thread, before two threads run definitions at once; a definition's own initializer needs only those. A class that
 * cannot be loaded or initialized is left to the main thread, which meets the same failure where it always did: a
 * static initializer that threw is reported there as the error it threw ({@link #initializerFailure}), not as the
 * JVM's "could not initialize class" of every later use.
 */
final class ClassPreload {

    /** The second thread's name. */
    static final String THREAD = "petstore-class-preload";

    /** The JDK's classes whose initializers the start needs and runs slowly, initialized after the definitions. */
    static final List<String> JDK_CLASSES = List.of("java.math.BigDecimal");

    private static final Map<String, ExceptionInInitializerError> INITIALIZER_FAILURES = new ConcurrentHashMap<>();

    private ClassPreload() {
    }

    /**
     * Initializes the first of {@code beanDefinitions} on this thread, then the others from the last one back and
     * {@link #JDK_CLASSES} on a daemon thread; returns that thread, or {@code null} when there is nothing to do.
     */
    static Thread start(ClassLoader classLoader, List<String> beanDefinitions) {
        if (beanDefinitions.isEmpty()) {
            return null;
        }
        initialize(beanDefinitions.getFirst(), classLoader);
        List<String> rest = beanDefinitions.subList(1, beanDefinitions.size()).reversed();
        Thread thread = new Thread(() -> {
            rest.forEach(name -> initialize(name, classLoader));
            JDK_CLASSES.forEach(name -> initialize(name, ClassLoader.getPlatformClassLoader()));
        }, THREAD);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** The error a class's static initializer threw on the second thread, if it threw one there. */
    static ExceptionInInitializerError initializerFailure(String className) {
        return INITIALIZER_FAILURES.get(className);
    }

    private static void initialize(String className, ClassLoader classLoader) {
        try {
            Class.forName(className, true, classLoader);
        } catch (ExceptionInInitializerError e) {
            INITIALIZER_FAILURES.put(className, e);
        } catch (ClassNotFoundException | LinkageError e) {
            // the main thread meets the same failure, where Micronaut expects it (an optional dependency not there)
        }
    }
}
