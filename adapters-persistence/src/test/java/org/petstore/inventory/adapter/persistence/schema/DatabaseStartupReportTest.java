package org.petstore.inventory.adapter.persistence.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.adapter.persistence.DatabaseConfiguration;
import org.petstore.inventory.adapter.persistence.testing.LoggedLines;

/** The start's line that says where the inventory lives. */
class DatabaseStartupReportTest {

    @Test
    void anEmbeddedDatabaseIsNamedByTheAbsolutePathOfItsFile() {
        String url = "jdbc:h2:file:./target/startup-report/petstore;MODE=PostgreSQL;TRACE_LEVEL_FILE=0";
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL(url);
        h2.setUser("sa");

        List<String> lines = logged(() -> new DatabaseStartupReport(new DatabaseConfiguration(url, null)).report(h2));

        String file = Path.of("target", "startup-report", "petstore.mv.db").toAbsolutePath().toString();
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.getFirst().startsWith("INFO Inventory database: H2 (embedded) - H2 "), lines.toString());
        assertTrue(lines.getFirst().endsWith(", user SA at " + file), lines.toString());
    }

    @Test
    void aServerIsNamedByItsUrlWithoutItsPassword() {
        String url = "jdbc:postgresql://127.0.0.1:1/petstore?password=secret";
        JdbcDataSource unreachable = new JdbcDataSource();
        unreachable.setURL("jdbc:h2:mem:;IFEXISTS=TRUE");

        List<String> lines = logged(() -> new DatabaseStartupReport(new DatabaseConfiguration(url, null))
                .report(unreachable));

        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.getFirst().startsWith("INFO Inventory database: PostgreSQL - server details "
                + "unavailable ("), lines.toString());
        assertTrue(lines.getFirst().endsWith(" at " + new DatabaseConfiguration(url, null).redactedUrl()),
                lines.toString());
        assertFalse(lines.getFirst().contains("secret"), lines.toString());
    }

    private static List<String> logged(Runnable action) {
        return LoggedLines.of(DatabaseStartupReport.class, action);
    }
}
