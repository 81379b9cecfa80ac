package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.micronaut.context.annotation.Requires;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.petstore.inventory.adapter.persistence.catalogue.CatalogueDialects;

class DatabaseBackendTest {

    @Test
    void theBackendFollowsFromTheJdbcUrl() {
        assertEquals(Optional.of(DatabaseBackend.H2), DatabaseBackend.forUrl("jdbc:h2:file:./data/petstore;MODE=PostgreSQL"));
        assertEquals(Optional.of(DatabaseBackend.POSTGRESQL), DatabaseBackend.forUrl("jdbc:postgresql://db:5432/petstore"));
        assertEquals(Optional.of(DatabaseBackend.POSTGRESQL), DatabaseBackend.forUrl(" JDBC:POSTGRESQL://db/petstore"));
        assertEquals(Optional.empty(), DatabaseBackend.forUrl("jdbc:mysql://db/petstore"));
        assertEquals(Optional.empty(), DatabaseBackend.forUrl(null));
    }

    @Test
    void eachBackendMigratesWithThePortableMigrationsAndItsOwn() {
        assertEquals(List.of("classpath:db/migration", "classpath:db/vendor/h2"),
                DatabaseBackend.migrationLocations("jdbc:h2:mem:test"));
        assertEquals(List.of("classpath:db/migration", "classpath:db/vendor/postgresql"),
                DatabaseBackend.migrationLocations("jdbc:postgresql://db/petstore"));
        assertEquals(List.of("classpath:db/migration"), DatabaseBackend.migrationLocations("jdbc:mysql://db/petstore"));
    }

    /**
     * A schema version means the same release on every backend: a version in one backend's folder is in every
     * backend's folder, and never also a portable migration.
     */
    @Test
    void everyBackendHasEveryVendorVersionAndNoneIsAlsoPortable() throws IOException, URISyntaxException {
        Set<String> portable = versionsIn("classpath:db/migration");
        Set<String> vendor = new TreeSet<>();
        for (DatabaseBackend backend : DatabaseBackend.values()) {
            for (String location : backend.vendorMigrations()) {
                vendor.addAll(versionsIn(location));
            }
        }
        assertFalse(vendor.isEmpty());
        for (DatabaseBackend backend : DatabaseBackend.values()) {
            Set<String> own = new TreeSet<>();
            for (String location : backend.vendorMigrations()) {
                own.addAll(versionsIn(location));
            }
            assertEquals(vendor, own, backend + "'s vendor migrations");
        }
        for (String version : vendor) {
            assertFalse(portable.contains(version), "version " + version + " is portable and a vendor's too");
        }
    }

    private static Set<String> versionsIn(String location) throws IOException, URISyntaxException {
        Path folder = Path.of(DatabaseBackendTest.class.getClassLoader()
                .getResource(location.substring("classpath:".length())).toURI());
        Pattern name = Pattern.compile("V(\\d+)__.*\\.sql");
        Set<String> versions = new TreeSet<>();
        try (Stream<Path> files = Files.list(folder)) {
            files.forEach(file -> {
                Matcher matcher = name.matcher(file.getFileName().toString());
                if (matcher.matches()) {
                    versions.add(matcher.group(1));
                }
            });
        }
        return versions;
    }

    @Test
    void redactHidesPasswordsInTheUrl() {
        assertEquals("jdbc:postgresql://db/petstore?user=app&password=****&ssl=true",
                DatabaseBackend.redact("jdbc:postgresql://db/petstore?user=app&password=s3cret&ssl=true"));
        assertEquals("jdbc:h2:file:./data/petstore;PASSWORD=****;MODE=PostgreSQL",
                DatabaseBackend.redact("jdbc:h2:file:./data/petstore;PASSWORD=x;MODE=PostgreSQL"));
        assertEquals("jdbc:postgresql://db/petstore", DatabaseBackend.redact("jdbc:postgresql://db/petstore"));
    }

    /**
     * Micronaut creates a dialect's repository when its {@code @Requires} pattern matches the URL in full: exactly
     * when {@link DatabaseBackend#forUrl} names that backend. An unknown URL matches neither, so the service does not
     * start on a database it does not support.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "jdbc:h2:file:./data/petstore;MODE=PostgreSQL", "JDBC:H2:mem:test", " jdbc:h2:mem:test",
        "jdbc:postgresql://db:5432/petstore", " JDBC:POSTGRESQL://db/petstore", "jdbc:PostgreSQL://db/petstore",
        "jdbc:mysql://db/petstore", "jdbc:h2", "postgresql://db/petstore", "", "x jdbc:h2:mem:test"})
    void eachDialectIsCreatedExactlyForItsBackendsUrls(String url) {
        assertEquals(DatabaseBackend.forUrl(url).filter(DatabaseBackend.H2::equals).isPresent(),
                url.matches(requiredUrl(CatalogueDialects.H2)), "H2 dialect for " + url);
        assertEquals(DatabaseBackend.forUrl(url).filter(DatabaseBackend.POSTGRESQL::equals).isPresent(),
                url.matches(requiredUrl(CatalogueDialects.POSTGRESQL)), "PostgreSQL dialect for " + url);
        assertEquals(DatabaseBackend.forUrl(url).filter(DatabaseBackend.H2::equals).isPresent(),
                url.matches(requiredUrl(H2InventoryStatements.class)), "H2 inventory statements for " + url);
        assertEquals(DatabaseBackend.forUrl(url).filter(DatabaseBackend.POSTGRESQL::equals).isPresent(),
                url.matches(requiredUrl(PostgresqlInventoryStatements.class)),
                "PostgreSQL inventory statements for " + url);
    }

    @Test
    void anUnknownUrlSelectsNoDialect() {
        String mysql = "jdbc:mysql://db/petstore";

        assertEquals(Optional.empty(), DatabaseBackend.forUrl(mysql));
        assertFalse(mysql.matches(requiredUrl(CatalogueDialects.H2)));
        assertFalse(mysql.matches(requiredUrl(CatalogueDialects.POSTGRESQL)));
        assertFalse(mysql.matches(requiredUrl(H2InventoryStatements.class)));
        assertFalse(mysql.matches(requiredUrl(PostgresqlInventoryStatements.class)));
    }

    /** The pattern the dialect interface requires of {@code datasources.default.url}, as Micronaut applies it. */
    private static String requiredUrl(Class<?> dialect) {
        Requires requires = dialect.getAnnotation(Requires.class);
        assertEquals(DatabaseBackend.URL_PROPERTY, requires.property());
        return requires.pattern();
    }
}
