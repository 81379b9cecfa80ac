package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.core.io.service.MicronautMetaServiceLoaderUtils;
import io.micronaut.core.io.service.ServiceDefinition;
import io.micronaut.core.io.service.SoftServiceLoader;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Micronaut's service index is read from the jars' entry lists ({@link JarServiceIndex}) with the answer of
 * Micronaut's own scan, in its order; where a part of the class path is a directory, Micronaut scans as before.
 */
class JarServiceIndexTest {

    private static final String SERVICE = "com.example.Service";

    @TempDir
    Path folder;

    @Test
    void theIndexOfEveryMicronautJarIsTheOneMicronautsScanFindsInTheSameOrder() throws IOException {
        List<URL> jars = new ArrayList<>();
        for (String part : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (part.endsWith(".jar")) {
                jars.add(Path.of(part).toUri().toURL());
            }
        }
        try (URLClassLoader loader = new URLClassLoader(jars.toArray(URL[]::new), null)) {
            Map<String, List<String>> scanned = new LinkedHashMap<>();
            MicronautMetaServiceLoaderUtils.findAllMicronautMetaServices(loader)
                    .forEach((service, classes) -> scanned.put(service, List.copyOf(classes)));

            Map<String, List<String>> index = JarServiceIndex.read(loader);

            assertTrue(scanned.getOrDefault("io.micronaut.inject.BeanDefinitionReference", List.of()).size() > 100,
                    "the test class path holds Micronaut's jars: " + scanned.keySet());
            assertEquals(List.copyOf(scanned.keySet()), List.copyOf(index.keySet()));
            assertEquals(scanned, index);
        }
    }

    @Test
    void aServiceIsItsServicesFileThenTheIndexWithoutTheClassesThatCannotBeMade() throws IOException {
        Path jar = jar(Map.of(
                "META-INF/services/" + SERVICE, "java.lang.StringBuilder\n# a comment\njava.util.HashMap# the map\n",
                "META-INF/micronaut/" + SERVICE + "/java.util.ArrayList", "",
                "META-INF/micronaut/" + SERVICE + "/com.example.NotThere", "",
                "META-INF/micronaut/" + SERVICE + "/java.lang.Integer", "",
                "META-INF/micronaut/" + SERVICE + "/.hidden", "",
                "META-INF/micronaut/" + SERVICE + "/java.util.ArrayDeque", ""));
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            SoftServiceLoader.StaticServiceLoader<?> service = JarServiceIndex.loaders(loader).get(SERVICE);

            List<String> made = new ArrayList<>();
            service.load(null).forEach(instance -> made.add(instance.getClass().getName()));
            List<String> found = new ArrayList<>();
            service.findAll(name -> true).map(ServiceDefinition::getName).forEach(found::add);

            List<String> scanned = List.copyOf(MicronautMetaServiceLoaderUtils.findAllMicronautMetaServices(loader)
                    .get(SERVICE));
            assertEquals(5, scanned.size(), "every file, the hidden one too: " + scanned);
            // the services file's lines first (in no set order), then the index in the order of Micronaut's scan
            assertEquals(List.of("java.util.HashMap", "java.lang.StringBuilder"),
                    made.subList(0, 2).stream().sorted(Comparator.reverseOrder()).toList());
            assertEquals(scanned.stream().filter(name -> name.startsWith("java.util.")).toList(), made.subList(2, 4),
                    "no instance of a missing class or of one without a no-argument constructor");
            assertEquals(4, made.size());
            assertEquals(scanned.stream().filter(name -> name.startsWith("java.")).toList(), found.subList(2, 5),
                    "every class that is there");
        }
    }

    @Test
    void aServiceTheIndexDoesNotNameHasItsServicesFile() throws IOException {
        Path jar = jar(Map.of(
                "META-INF/services/" + SERVICE, "java.util.ArrayList\n",
                "META-INF/micronaut/com.example.Other/java.util.HashMap", ""));
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            Map<String, SoftServiceLoader.StaticServiceLoader<?>> loaders = JarServiceIndex.loaders(loader);

            assertEquals(List.of(ArrayList.class), loaders.get(SERVICE).load(null).stream()
                    .map(Object::getClass).toList());
            assertEquals(List.of(), loaders.get("com.example.Nothing").load(null));
            assertEquals(List.of("com.example.Other"), List.copyOf(loaders.keySet()));
        }
    }

    @Test
    void aDirectoryOnTheClassPathLeavesTheScanToMicronaut() throws IOException {
        Path classes = Files.createDirectories(folder.resolve("classes/META-INF/micronaut/" + SERVICE));
        Files.writeString(classes.resolve("java.util.ArrayList"), "");
        Path jar = jar(Map.of("META-INF/micronaut/" + SERVICE + "/java.util.HashMap", ""));
        URL[] parts = {jar.toUri().toURL(), folder.resolve("classes").toUri().toURL()};
        try (URLClassLoader loader = new URLClassLoader(parts, null)) {
            assertNull(JarServiceIndex.read(loader));
            assertEquals(Map.of(), JarServiceIndex.loaders(loader));
        }
        // the tests' own class path has target/classes: Micronaut scans, as it did without the index
        assertEquals(Map.of(), new JarServiceIndex().load().getServiceLoaders());
    }

    private Path jar(Map<String, String> entries) throws IOException {
        Path jar = Files.createTempFile(folder, "services", ".jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            List<String> directories = new ArrayList<>();
            for (String name : entries.keySet().stream().sorted().toList()) {
                for (int slash = name.indexOf('/'); slash > 0; slash = name.indexOf('/', slash + 1)) {
                    String directory = name.substring(0, slash + 1);
                    if (!directories.contains(directory)) {
                        directories.add(directory);
                        out.putNextEntry(new JarEntry(directory));
                        out.closeEntry();
                    }
                }
                out.putNextEntry(new JarEntry(name));
                out.write(entries.get(name).getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return jar;
    }
}
