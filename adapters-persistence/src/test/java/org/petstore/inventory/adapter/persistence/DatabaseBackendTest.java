package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.micronaut.context.annotation.Requires;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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
                url.matches(requiredUrl(H2StoreRows.class)), "H2 dialect for " + url);
        assertEquals(DatabaseBackend.forUrl(url).filter(DatabaseBackend.POSTGRESQL::equals).isPresent(),
                url.matches(requiredUrl(PostgresqlStoreRows.class)), "PostgreSQL dialect for " + url);
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
        assertFalse(mysql.matches(requiredUrl(H2StoreRows.class)));
        assertFalse(mysql.matches(requiredUrl(PostgresqlStoreRows.class)));
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
