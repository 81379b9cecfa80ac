package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The house plan's rule for the persistence adapter: it is split into packages by concern, and no package holds more
 * than {@value #MOST_FILES} files, so that each stays readable as one room.
 */
class PersistencePackageSizeTest {

    private static final int MOST_FILES = 25;

    @Test
    void noPackageOfThePersistenceAdapterHoldsMoreThan25Files() throws IOException {
        Path sources = Path.of("").toAbsolutePath().getParent()
                .resolve(Path.of("adapters-persistence", "src", "main", "java"));
        Map<String, Long> filesByPackage;
        try (Stream<Path> files = Files.walk(sources)) {
            filesByPackage = files.filter(Files::isRegularFile)
                    .collect(Collectors.groupingBy(file -> sources.relativize(file.getParent()).toString(),
                            TreeMap::new, Collectors.counting()));
        }
        Map<String, Long> tooLarge = new TreeMap<>(filesByPackage);
        tooLarge.values().removeIf(count -> count <= MOST_FILES);

        assertTrue(filesByPackage.size() > 1, "packages read: " + filesByPackage);
        assertEquals(Map.of(), tooLarge, "packages over " + MOST_FILES + " files");
    }
}
