package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CentralDirectory} lists the same names as {@link ZipFile#entries()}, in the same order, and gives no answer
 * for what it cannot read.
 */
class CentralDirectoryTest {

    @TempDir
    Path folder;

    @Test
    void everyJarOnTheClassPathListsAsZipFileListsIt() throws IOException {
        int jars = 0;
        for (String part : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!part.endsWith(".jar")) {
                continue;
            }
            jars++;
            for (String directory : List.of("META-INF/", "META-INF/micronaut/", "io/", "")) {
                assertEquals(zipFileNames(Path.of(part), directory), CentralDirectory.namesUnder(Path.of(part), directory),
                        part + " under '" + directory + "'");
            }
        }
        assertTrue(jars > 50, "the test class path holds the service's jars");
    }

    @Test
    void aZipWithACommentAndDataBeforeIt() throws IOException {
        byte[] zip = zip("a comment at the end", "META-INF/micronaut/service/one", "other/two", "META-INF/micronaut/x/é");
        Path withComment = Files.write(folder.resolve("comment.zip"), zip);
        byte[] prefixed = new byte[zip.length + 100];
        System.arraycopy(zip, 0, prefixed, 100, zip.length);
        Path withPrefix = Files.write(folder.resolve("prefixed.zip"), prefixed);

        List<String> expected = List.of("META-INF/micronaut/service/one", "META-INF/micronaut/x/é");
        assertEquals(expected, CentralDirectory.namesUnder(withComment, "META-INF/micronaut/"));
        assertEquals(zipFileNames(withPrefix, "META-INF/micronaut/"), CentralDirectory.namesUnder(withPrefix,
                "META-INF/micronaut/"));
        assertEquals(expected, CentralDirectory.namesUnder(withPrefix, "META-INF/micronaut/"));
    }

    @Test
    void whatIsNotAReadableZipGivesNoAnswer() throws IOException {
        assertNull(CentralDirectory.namesUnder(Files.writeString(folder.resolve("text.jar"), "not a zip"), "META-INF/"));
        assertNull(CentralDirectory.namesUnder(folder.resolve("missing.jar"), "META-INF/"));
        byte[] zip = zip("", "META-INF/one", "META-INF/two");
        byte[] damaged = zip.clone();
        damaged[lastIndexOf(damaged, new byte[] {'P', 'K', 1, 2}) + 2] = 9;
        assertNull(CentralDirectory.namesUnder(Files.write(folder.resolve("damaged.zip"), damaged), "META-INF/"),
                "a central directory entry without its signature");
        assertEquals(Collections.emptyList(), CentralDirectory.namesUnder(
                Files.write(folder.resolve("empty.zip"), zip("")), "META-INF/"));
    }

    private static int lastIndexOf(byte[] bytes, byte[] part) {
        for (int at = bytes.length - part.length; at >= 0; at--) {
            if (java.util.Arrays.equals(bytes, at, at + part.length, part, 0, part.length)) {
                return at;
            }
        }
        throw new AssertionError("not found");
    }

    private static List<String> zipFileNames(Path zip, String directory) throws IOException {
        List<String> names = new ArrayList<>();
        try (ZipFile file = new ZipFile(zip.toFile())) {
            file.stream().map(ZipEntry::getName).filter(name -> name.startsWith(directory)).forEach(names::add);
        }
        return names;
    }

    private static byte[] zip(String comment, String... names) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
            zip.setComment(comment);
            for (String name : names) {
                zip.putNextEntry(new ZipEntry(name));
                zip.write(name.getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
