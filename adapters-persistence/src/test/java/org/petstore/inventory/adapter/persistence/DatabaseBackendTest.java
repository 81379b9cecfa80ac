package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

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
}
