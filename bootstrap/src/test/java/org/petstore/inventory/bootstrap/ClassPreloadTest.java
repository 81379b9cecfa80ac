package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.micronaut.core.io.service.SoftServiceLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bean definitions' static initializers run on a second thread while the main thread starts Micronaut
 * ({@link ClassPreload}): the first one on the calling thread, the others from the last one back, and a class that
 * cannot be initialized there changes nothing the main thread sees.
 */
class ClassPreloadTest {

    /** Which class's static initializer ran on which thread, in the order they ran. */
    static final Queue<String> INITIALIZED = new ConcurrentLinkedQueue<>();

    @TempDir
    Path folder;

    @Test
    void theFirstClassOnTheCallingThreadThenTheOthersFromTheLastBackOnTheSecondThread() throws InterruptedException {
        INITIALIZED.clear();
        String caller = Thread.currentThread().getName();

        Thread thread = ClassPreload.start(getClass().getClassLoader(),
                List.of(First.class.getName(), Second.class.getName(), Third.class.getName()));
        assertEquals("First on " + caller, INITIALIZED.peek(), "the first class is initialized before start returns");
        thread.join(10_000);

        assertEquals(ClassPreload.THREAD, thread.getName());
        assertEquals(List.of("First on " + caller, "Third on " + ClassPreload.THREAD,
                "Second on " + ClassPreload.THREAD), List.copyOf(INITIALIZED));
    }

    @Test
    void aClassThatIsNotThereOrWhoseInitializerThrowsDoesNotStopTheOthers() throws InterruptedException {
        INITIALIZED.clear();

        Thread thread = ClassPreload.start(getClass().getClassLoader(), List.of(Fourth.class.getName(),
                "com.example.NotThere", Fifth.class.getName(), ThrowingInitializer.class.getName()));
        thread.join(10_000);

        assertEquals(List.of("Fourth on " + Thread.currentThread().getName(), "Fifth on " + ClassPreload.THREAD),
                List.copyOf(INITIALIZED));
        ExceptionInInitializerError failure = ClassPreload.initializerFailure(ThrowingInitializer.class.getName());
        assertNotNull(failure);
        assertEquals("an initializer that throws", failure.getCause().getMessage());
        assertNull(ClassPreload.initializerFailure("com.example.NotThere"), "a class that is not there is no failure");
    }

    @Test
    void nothingToDoWithoutBeanDefinitions() {
        assertNull(ClassPreload.start(getClass().getClassLoader(), List.of()));
    }

    @Test
    void aServiceWhoseInitializerThrewOnTheSecondThreadFailsToLoadAsIfItHadThrownOnTheMainThread() throws Exception {
        String service = "com.example.Service";
        String broken = BrokenService.class.getName();
        // two class loaders over the same jar: the class is initialized by Micronaut's loading in one, by the
        // preload first in the other
        Path jar = jarWith(service, BrokenService.class);
        try (URLClassLoader withoutPreload = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
                URLClassLoader withPreload = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            SoftServiceLoader.StaticServiceLoader<?> loadedOnly = JarServiceIndex.loaders(withoutPreload).get(service);
            IllegalStateException onTheMainThread = assertThrows(IllegalStateException.class,
                    () -> loadedOnly.load(null));

            ClassPreload.start(withPreload, List.of(broken));
            SoftServiceLoader.StaticServiceLoader<?> preloaded = JarServiceIndex.loaders(withPreload).get(service);
            IllegalStateException afterThePreload = assertThrows(IllegalStateException.class,
                    () -> preloaded.load(null));

            assertEquals(onTheMainThread.getMessage(), afterThePreload.getMessage());
            assertInstanceOf(ExceptionInInitializerError.class, afterThePreload.getCause());
            assertEquals("a broken service", afterThePreload.getCause().getCause().getMessage());
        }
    }

    private Path jarWith(String service, Class<?> implementation) throws IOException {
        Path jar = folder.resolve("services.jar");
        String classFile = implementation.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
                InputStream bytes = implementation.getClassLoader().getResourceAsStream(classFile)) {
            out.putNextEntry(new JarEntry(classFile));
            bytes.transferTo(out);
            for (String directory : List.of("META-INF/", JarServiceIndex.DIRECTORY,
                    JarServiceIndex.DIRECTORY + service + "/")) {
                out.putNextEntry(new JarEntry(directory));
            }
            out.putNextEntry(new JarEntry(JarServiceIndex.DIRECTORY + service + "/" + implementation.getName()));
        }
        return jar;
    }

    /** Called by a fixture's static initializer: which class, on which thread. */
    static void initialized(Class<?> fixture) {
        INITIALIZED.add(fixture.getSimpleName() + " on " + Thread.currentThread().getName());
    }

    static final class First {
        static {
            initialized(First.class);
        }
    }

    static final class Second {
        static {
            initialized(Second.class);
        }
    }

    static final class Third {
        static {
            initialized(Third.class);
        }
    }

    static final class Fourth {
        static {
            initialized(Fourth.class);
        }
    }

    static final class Fifth {
        static {
            initialized(Fifth.class);
        }
    }

    static final class ThrowingInitializer {
        static {
            if (INITIALIZED != null) {
                throw new IllegalStateException("an initializer that throws");
            }
        }
    }

    /** Loaded from a jar of its own, by a class loader that sees nothing else: it names only the JDK's classes. */
    public static final class BrokenService {
        static {
            if (System.nanoTime() != 0) {
                throw new IllegalStateException("a broken service");
            }
        }

        public BrokenService() {
        }
    }
}
