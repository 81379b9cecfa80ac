package org.petstore.inventory.adapter.persistence.transfer;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;
import org.petstore.inventory.application.port.outbound.IncompatibleStoreException;
import org.petstore.inventory.application.port.outbound.OtherStore;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.application.port.outbound.StoreAddress;
import org.petstore.inventory.application.port.outbound.StoreLoad;
import org.petstore.inventory.application.port.outbound.StoreSnapshot;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StoreSize;

/** Another database, the target of a copy: reached by its URL, migrated, refused when it does not fit. */
class JdbcOtherStoresTest {

    private static final CatalogueEntry REX = CatalogueEntry.stocked(
            new Pet(PetId.of(1), "Rex", PetStatus.AVAILABLE), Quantity.of(12), EntryVersion.of(3));

    private final JdbcOtherStores otherStores = new JdbcOtherStores();

    @TempDir
    Path directory;

    @Test
    void aNewH2DatabaseIsMigratedWithTheServicesSettingsAndLoaded() throws SQLException {
        String url = "jdbc:h2:file:" + directory.resolve("target");
        try (OtherStore target = otherStores.connect(new StoreAddress(url, Optional.empty(), ""))) {
            assertEquals("schema version 12", target.migrate());
            try (StoreLoad load = target.beginLoad(true)) {
                assertEquals(StoreSize.EMPTY, load.size());
                load.stagePet(2, REX);
                load.apply(true);
                load.commit();
            }
            assertTrue(target.identity().startsWith("h2:file:"), target.identity());
        }
        // as the service opens it: lower-case names, PostgreSQL mode
        try (Connection service = DriverManager.getConnection(url
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH", "sa", "");
             var rows = service.createStatement().executeQuery(
                     "SELECT p.name, i.quantity, i.version FROM pet p JOIN inventory_item i ON i.pet_id = p.id")) {
            rows.next();
            assertEquals(List.of("Rex", 12, 3L), List.of(rows.getString(1), rows.getInt(2), rows.getLong(3)));
        }
    }

    @Test
    void anH2UrlGetsTheSettingsItDoesNotNameAlready() {
        assertAll(
                () -> assertEquals("jdbc:h2:file:/d/p;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH",
                        JdbcOtherStores.withServiceSettings("jdbc:h2:file:/d/p")),
                () -> assertEquals("jdbc:h2:file:/d/p;mode=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH",
                        JdbcOtherStores.withServiceSettings("jdbc:h2:file:/d/p;mode=PostgreSQL")));
    }

    @Test
    void aPostgresqlDatabaseIsMigratedAndTwoConnectionsToItHaveOneIdentity() {
        Map<String, String> database = TestPostgres.newDatabase();
        StoreAddress address = new StoreAddress(database.get("datasources.default.url"),
                Optional.of(database.get("datasources.default.username")),
                database.get("datasources.default.password"));
        try (OtherStore one = otherStores.connect(address); OtherStore two = otherStores.connect(address)) {
            assertEquals("schema version 12", one.migrate());
            assertEquals("schema version 12", two.migrate(), "migrating again changes nothing");
            assertEquals(one.identity(), two.identity());
        }
        Map<String, String> other = TestPostgres.newDatabase();
        try (OtherStore one = otherStores.connect(address);
             OtherStore two = otherStores.connect(new StoreAddress(other.get("datasources.default.url"),
                     Optional.of(other.get("datasources.default.username")),
                     other.get("datasources.default.password")))) {
            assertNotEquals(one.identity(), two.identity());
        }
    }

    @Test
    void aSchemaOfANewerVersionIsRefusedAndLeftAsItIs() throws SQLException {
        String url = "jdbc:h2:file:" + directory.resolve("newer");
        try (OtherStore target = otherStores.connect(new StoreAddress(url, Optional.empty(), ""))) {
            target.migrate();
        }
        String serviceUrl = JdbcOtherStores.withServiceSettings(url);
        try (Connection connection = DriverManager.getConnection(serviceUrl, "sa", "");
             Statement statement = connection.createStatement()) {
            statement.execute("""
                    INSERT INTO "flyway_schema_history" ("installed_rank", "version", "description", "type", "script",
                        "checksum", "installed_by", "execution_time", "success")
                    VALUES (13, '13', 'from the future', 'SQL', 'V13__from_the_future.sql', 0, 'sa', 0, TRUE)""");
        }

        try (OtherStore target = otherStores.connect(new StoreAddress(url, Optional.empty(), ""))) {
            IncompatibleStoreException refused = assertThrows(IncompatibleStoreException.class, target::migrate);
            assertEquals("the target database at " + serviceUrl + " has schema version 13, newer than the version "
                    + "this program knows (12): use the petstore-inventory release that made it, or a newer one",
                    refused.getMessage());
        }
    }

    @Test
    void tablesThatNoVersionOfTheProgramMadeAreRefused() throws SQLException {
        String url = JdbcOtherStores.withServiceSettings("jdbc:h2:file:" + directory.resolve("foreign"));
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE pet (name VARCHAR(10))");
        }

        try (OtherStore target = otherStores.connect(new StoreAddress(url, Optional.empty(), ""))) {
            IncompatibleStoreException refused = assertThrows(IncompatibleStoreException.class, target::migrate);
            assertTrue(refused.getMessage().startsWith("the target database at " + url + " cannot be brought to "
                    + "this program's schema: "), refused.getMessage());
            assertTrue(refused.getMessage().contains("no schema history table"), refused.getMessage());
        }
    }

    @Test
    void aServerThatCannotBeReachedIsUnavailableWithItsReasonInOneLine() {
        StorageUnavailableException failure = assertThrows(StorageUnavailableException.class, () ->
                otherStores.connect(new StoreAddress("jdbc:postgresql://127.0.0.1:1/petstore", Optional.of("u"),
                        "secret")));

        assertTrue(failure.getMessage().startsWith("the target database at jdbc:postgresql://127.0.0.1:1/petstore "
                + "cannot be used: it cannot be reached: Connection to 127.0.0.1:1 refused"), failure.getMessage());
        assertEquals(1, failure.getMessage().lines().count());
        assertTrue(!failure.getMessage().contains("secret"));
    }

    @Test
    void aDatabaseOfAnotherKindIsRefused() {
        IncompatibleStoreException refused = assertThrows(IncompatibleStoreException.class, () ->
                otherStores.connect(new StoreAddress("jdbc:mysql://db/petstore", Optional.empty(), "")));

        assertEquals("jdbc:mysql://db/petstore is not a database this program can copy to: use an H2 (jdbc:h2:...) "
                + "or PostgreSQL (jdbc:postgresql:...) URL", refused.getMessage());
    }

    @Test
    void aLoadReadsBackWhatItWroteBeforeItCommits() {
        String url = "jdbc:h2:file:" + directory.resolve("read-back");
        try (OtherStore target = otherStores.connect(new StoreAddress(url, Optional.empty(), ""))) {
            target.migrate();
            try (StoreLoad load = target.beginLoad(true)) {
                load.stagePet(2, REX);
                load.apply(true);
                try (StoreSnapshot written = load.readBack(); var pets = written.catalogue()) {
                    assertEquals(List.of(REX), pets.toList());
                }
            }
            try (StoreLoad load = target.beginLoad(true)) {
                assertEquals(StoreSize.EMPTY, load.size(), "the first load was rolled back");
            }
        }
    }
}
