package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The configuration files are read out of the service's jar through the class loader ({@link ClassLoaderResources}):
 * the same content as Micronaut's own loader gives, nothing for a directory or a missing file, and a file outside a
 * jar still read.
 */
class ClassLoaderResourcesTest {

    @TempDir
    Path folder;

    @Test
    void readsAFileInAJarWithOrWithoutTheClasspathPrefix() throws IOException {
        try (URLClassLoader jar = jarHolding("config/application.yml", "petstore:\n  demo-data: true\n")) {
            ClassLoaderResources resources = new ClassLoaderResources(jar);

            assertEquals(Optional.of("petstore:\n  demo-data: true\n"), read(resources, "config/application.yml"));
            assertEquals(Optional.of("petstore:\n  demo-data: true\n"),
                    read(resources, "classpath:config/application.yml"));
        }
    }

    @Test
    void givesNothingForADirectoryOrAMissingFile() throws IOException {
        try (URLClassLoader jar = jarHolding("config/application.yml", "a: 1\n")) {
            ClassLoaderResources resources = new ClassLoaderResources(jar);

            assertEquals(Optional.empty(), read(resources, "config"));
            assertEquals(Optional.empty(), read(resources, "config/"));
            assertEquals(Optional.empty(), read(resources, "config/application-cli.yml"));
            assertEquals(Optional.empty(), read(resources, "config/../config/application.yml"));
        }
    }

    @Test
    void readsAFileOutsideAJarAsMicronautDoes() throws IOException {
        Files.createDirectories(folder.resolve("classes"));
        Files.writeString(folder.resolve("classes/application.yml"), "b: 2\n");
        try (URLClassLoader classes = new URLClassLoader(new URL[] {folder.resolve("classes").toUri().toURL()}, null)) {
            assertEquals(Optional.of("b: 2\n"), read(new ClassLoaderResources(classes), "application.yml"));
        }
    }

    @Test
    void theServiceReadsItsOwnConfigurationThroughIt() {
        Optional<String> configuration = read(new ClassLoaderResources(Application.class.getClassLoader()),
                "application.yml");
        assertTrue(configuration.orElseThrow().contains("petstore:"), "the service's application.yml");
    }

    private URLClassLoader jarHolding(String name, String content) throws IOException {
        Path jar = folder.resolve("resources.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry(name.substring(0, name.lastIndexOf('/') + 1)));
            out.closeEntry();
            out.putNextEntry(new JarEntry(name));
            out.write(content.getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
    }

    private static Optional<String> read(ClassLoaderResources resources, String path) {
        return resources.getResourceAsStream(path).map(in -> {
            try (InputStream stream = in) {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
