package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The repository contract on H2, the embedded default backend (an in-memory database in PostgreSQL mode, as the
 * file database runs).
 */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
class H2InventoryRepositoryTest extends JdbcInventoryRepositoryTest {

    /** How often H2 read the table of the removal count in the statement it analyzed, from its plan. */
    private static final Pattern REMOVALS_SCANS = Pattern.compile(
            "\"inventory_removals\"\\s*/\\*[^*]*\\*/\\s*/\\* scanCount: (\\d+) \\*/");

    /**
     * The short list carries the removal count in a scalar subquery of its one statement: H2 computes it once for the
     * statement (one row read, then the end: 2 scans), not once for each of its up to 257 rows.
     */
    @Test
    void theShortListReadsTheRemovalCountOnceNotForEveryRow() throws SQLException {
        givenOnlyNumbered(JdbcInventoryRepository.READ_WHOLE_UP_TO + 1);

        String plan;
        try (Connection connection = DelegatingDataSource.unwrapDataSource(dataSource).getConnection();
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("EXPLAIN ANALYZE " + JdbcInventoryRepository.SELECT_ALL_IF_SHORT)) {
            assertTrue(row.next());
            plan = row.getString(1);
        }

        Matcher scans = REMOVALS_SCANS.matcher(plan);
        assertTrue(scans.find(), plan);
        assertEquals("2", scans.group(1), plan);
        assertTrue(plan.contains("scanCount: 257"), "the rows themselves were read: " + plan);
    }
}
