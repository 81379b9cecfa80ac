package org.petstore.inventory.bootstrap;

import io.micronaut.core.io.service.SoftServiceLoader;
import io.micronaut.core.optim.StaticOptimizations;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Micronaut's service index ({@code META-INF/micronaut/<service>/<class>}: the bean definitions, introspections and
 * bean configurations of every module) read from the entry list of the jars that hold it. Micronaut's own scan opens a
 * zip file system over each such jar and walks it, which reads the index of the whole jar a second time (18,000
 * entries in the service's jar): about 0.09 s of every start. Here the names under {@code META-INF/micronaut/} are
 * picked out of the jar's central directory ({@link CentralDirectory}) without making an entry of every other one;
 * a jar it cannot read that way is listed through {@link JarFile#entries()}.
 *
 * <p>Micronaut asks for it through {@link StaticOptimizations} (registered in
 * {@code META-INF/services/io.micronaut.core.optim.StaticOptimizations$Loader}), the hook its own ahead-of-time
 * optimizer fills, before it looks up any service. The answer is the same as the scan's, in the same order: the
 * services of {@code META-INF/services/<service>} first, then the index's, the index as the zip file system lists
 * it (each jar's entries last to first); a class that is not there (an optional dependency) is skipped. When any
 * part of the class path that holds the index is not a jar (a {@code classes} directory: tests, an IDE) it gives no
 * answer, and Micronaut scans as before.
 */
public final class JarServiceIndex implements StaticOptimizations.Loader<SoftServiceLoader.Optimizations> {

    static final String DIRECTORY = "META-INF/micronaut/";

    /** The service of Micronaut's bean definitions. */
    static final String BEAN_DEFINITIONS = "io.micronaut.inject.BeanDefinitionReference";

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();
    private static final MethodType NO_ARGUMENTS = MethodType.methodType(void.class);

    private static volatile List<String> beanDefinitions = List.of();

    /** For {@link java.util.ServiceLoader}. */
    public JarServiceIndex() {
    }

    @Override
    public SoftServiceLoader.Optimizations load() {
        ClassLoader classLoader = JarServiceIndex.class.getClassLoader();
        Map<String, List<String>> index = read(classLoader);
        if (index == null) {
            return new SoftServiceLoader.Optimizations(Map.of());
        }
        beanDefinitions = index.getOrDefault(BEAN_DEFINITIONS, List.of());
        return new SoftServiceLoader.Optimizations(new Loaders(classLoader, index));
    }

    /**
     * The bean definitions of the index Micronaut asked for, in its order (for {@link ClassPreload}); none when it
     * asked for none yet, or there was no index to read.
     */
    static List<String> beanDefinitions() {
        return beanDefinitions;
    }

    /** A loader for every service name, read from the index; no loader at all when there is no index to read. */
    static Map<String, SoftServiceLoader.StaticServiceLoader<?>> loaders(ClassLoader classLoader) {
        Map<String, List<String>> index = read(classLoader);
        return index == null ? Map.of() : new Loaders(classLoader, index);
    }

    /**
     * The index by service, in the order of Micronaut's scan; {@code null} when a part of the class path that holds
     * it is not a jar, or a jar cannot be read.
     */
    static Map<String, List<String>> read(ClassLoader classLoader) {
        Map<String, Set<String>> services = new LinkedHashMap<>();
        try {
            Enumeration<URL> parts = classLoader.getResources(DIRECTORY);
            while (parts.hasMoreElements()) {
                URL part = parts.nextElement();
                if (!"jar".equals(part.getProtocol())) {
                    return null;
                }
                JarFile jar = ((JarURLConnection) part.openConnection()).getJarFile();
                addJar(jar, services);
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        Map<String, List<String>> index = new LinkedHashMap<>();
        services.forEach((service, classes) -> index.put(service, List.copyOf(classes)));
        return index;
    }

    /** One jar's index as the zip file system lists it: a directory's entries from the last one to the first. */
    private static void addJar(JarFile jar, Map<String, Set<String>> services) {
        Map<String, List<String>> inJar = new LinkedHashMap<>();
        List<String> names = CentralDirectory.namesUnder(Path.of(jar.getName()), DIRECTORY);
        if (names == null) {
            names = new ArrayList<>();
            for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                names.add(entries.nextElement().getName());
            }
        }
        for (String name : names) {
            if (!name.startsWith(DIRECTORY)) {
                continue;
            }
            int serviceEnd = name.indexOf('/', DIRECTORY.length());
            if (serviceEnd <= DIRECTORY.length()) {
                continue;
            }
            List<String> classes = inJar.computeIfAbsent(name.substring(DIRECTORY.length(), serviceEnd),
                    service -> new ArrayList<>());
            int classEnd = name.indexOf('/', serviceEnd + 1);
            String className = name.substring(serviceEnd + 1, classEnd < 0 ? name.length() : classEnd);
            if (!className.isEmpty()) {
                classes.add(className);
            }
        }
        List<String> serviceNames = new ArrayList<>(inJar.keySet());
        Collections.reverse(serviceNames);
        for (String service : serviceNames) {
            List<String> classes = inJar.get(service);
            Set<String> all = services.computeIfAbsent(service, name -> new LinkedHashSet<>());
            for (int i = classes.size() - 1; i >= 0; i--) {
                all.add(classes.get(i));
            }
        }
    }

    /** A loader for every service name: the ones the index does not name have their META-INF/services only. */
    private static final class Loaders extends AbstractMap<String, SoftServiceLoader.StaticServiceLoader<?>> {

        private final ClassLoader classLoader;
        private final Map<String, List<String>> index;

        Loaders(ClassLoader classLoader, Map<String, List<String>> index) {
            this.classLoader = classLoader;
            this.index = index;
        }

        @Override
        public SoftServiceLoader.StaticServiceLoader<?> get(Object service) {
            return service instanceof String name
                    ? new IndexedService<>(classLoader, name, index.getOrDefault(name, List.of()))
                    : null;
        }

        @Override
        public boolean containsKey(Object service) {
            return service instanceof String;
        }

        /** The services the index names (every other name has a loader too: {@link #get}). */
        @Override
        public Set<Entry<String, SoftServiceLoader.StaticServiceLoader<?>>> entrySet() {
            Set<Entry<String, SoftServiceLoader.StaticServiceLoader<?>>> entries = new LinkedHashSet<>();
            for (String service : index.keySet()) {
                entries.add(new SimpleImmutableEntry<>(service, get(service)));
            }
            return entries;
        }
    }

    /** One service: the classes its META-INF/services files name, then the index's. */
    private record IndexedService<S>(ClassLoader classLoader, String service, List<String> indexed)
            implements SoftServiceLoader.StaticServiceLoader<S> {

        @Override
        public Stream<SoftServiceLoader.StaticDefinition<S>> findAll(Predicate<String> condition) {
            List<SoftServiceLoader.StaticDefinition<S>> definitions = new ArrayList<>();
            for (String className : classNames(condition)) {
                Class<?> type = present(className);
                if (type != null) {
                    definitions.add(SoftServiceLoader.StaticDefinition.of(className, () -> create(type)));
                }
            }
            return definitions.stream();
        }

        @Override
        public List<S> load(Predicate<String> condition, Predicate<S> predicate) {
            List<S> services = new ArrayList<>();
            for (String className : classNames(condition)) {
                Class<?> type = present(className);
                S service = type == null ? null : instantiate(type);
                if (service != null && (predicate == null || predicate.test(service))) {
                    services.add(service);
                }
            }
            return services;
        }

        private List<String> classNames(Predicate<String> condition) {
            List<String> classNames = new ArrayList<>();
            try {
                Enumeration<URL> files = classLoader.getResources("META-INF/services/" + service);
                while (files.hasMoreElements()) {
                    for (String line : serviceFileLines(files.nextElement())) {
                        if (condition == null || condition.test(line)) {
                            classNames.add(line);
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Failed to load resources for service: " + service, e);
            }
            classNames.addAll(indexed);
            return classNames;
        }

        /** The class names in a META-INF/services file, as Micronaut reads them. */
        private static Set<String> serviceFileLines(URL file) {
            Set<String> lines = new HashSet<>();
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(file.openStream()))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    if (line.isEmpty() || line.charAt(0) == '#') {
                        continue;
                    }
                    int comment = line.indexOf('#');
                    lines.add(comment > -1 ? line.substring(0, comment) : line);
                }
            } catch (IOException | UncheckedIOException e) {
                // as Micronaut's scan: a file that cannot be read names nothing
            }
            return lines;
        }

        private Class<?> present(String className) {
            try {
                return Class.forName(className, false, classLoader);
            } catch (ClassNotFoundException | NoClassDefFoundError e) {
                return null;
            }
        }

        /** A new instance, or {@code null} when the class cannot be made as a service. */
        @SuppressWarnings("unchecked")
        private S instantiate(Class<?> type) {
            try {
                return (S) LOOKUP.findConstructor(type, NO_ARGUMENTS).invoke();
            } catch (NoClassDefFoundError e) {
                ExceptionInInitializerError failure = ClassPreload.initializerFailure(type.getName());
                if (failure != null) {
                    // the class's initializer threw on the preload thread: the same answer as if it had thrown here
                    throw new IllegalStateException("Failed to load a service: " + failure.getMessage(), failure);
                }
                return null;
            } catch (NoSuchMethodException | IllegalAccessException e) {
                return null;
            } catch (Throwable e) {
                throw new IllegalStateException("Failed to load a service: " + e.getMessage(), e);
            }
        }

        private S create(Class<?> type) {
            S service = instantiate(type);
            if (service == null) {
                throw new IllegalStateException("Failed to load a service: " + type.getName()
                        + " has no public constructor without arguments");
            }
            return service;
        }
    }
}
