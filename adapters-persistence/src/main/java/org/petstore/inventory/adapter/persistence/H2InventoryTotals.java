package org.petstore.inventory.adapter.persistence;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.h2.api.Trigger;

/**
 * H2's trigger that keeps the totals of the list's version as {@code inventory_item} changes (migration
 * {@code db/vendor/h2/V5__inventory_totals.sql}): for every inserted, updated or deleted entry it adds the change in
 * the number of entries and in the sum of their versions to one row of {@code inventory_totals}, in the writing
 * statement's transaction, so that the list's version is the sum of a few rows
 * ({@link H2InventoryStatements#SELECT_VERSION_FROM_TOTALS}) instead of a scan of every entry (about 0.3 s of CPU per
 * million). The totals are spread over {@value #SHARDS} rows by session id, so that concurrent writers seldom wait for
 * each other's row. Every write goes through it, an operator's SQL too (which needs the service's jar on H2's class
 * path, e.g. {@code java -cp petstore-inventory.jar org.h2.tools.Shell}); {@code TRUNCATE} fires no trigger: delete
 * the entries instead. H2 stores this class's name with the trigger: renaming or moving it needs a migration.
 */
public final class H2InventoryTotals implements Trigger {

    /** The rows of {@code inventory_totals}: the migration creates exactly these. */
    static final int SHARDS = 64;

    private static final String ADD = "UPDATE inventory_totals SET entries = entries + ?, version_sum = version_sum + ?"
            + " WHERE shard = MOD(SESSION_ID(), " + SHARDS + ")";

    private int version = -1;

    /** H2 makes one instance for the trigger, with this constructor. */
    public H2InventoryTotals() {
    }

    @Override
    public void init(Connection connection, String schemaName, String triggerName, String tableName, boolean before,
            int type) throws SQLException {
        DatabaseMetaData metaData = connection.getMetaData();
        try (ResultSet columns = metaData.getColumns(null, schemaName, tableName, null)) {
            while (columns.next()) {
                if (columns.getString("COLUMN_NAME").equalsIgnoreCase("version")) {
                    version = columns.getInt("ORDINAL_POSITION") - 1;
                }
            }
        }
        if (version < 0) {
            throw new SQLException("trigger " + triggerName + ": table " + tableName + " has no column version");
        }
    }

    @Override
    public void fire(Connection connection, Object[] oldRow, Object[] newRow) throws SQLException {
        long entries = (newRow == null ? 0 : 1) - (oldRow == null ? 0 : 1);
        long versionSum = versionOf(newRow) - versionOf(oldRow);
        if (entries == 0 && versionSum == 0) {
            return;
        }
        try (PreparedStatement add = connection.prepareStatement(ADD)) {
            add.setLong(1, entries);
            add.setLong(2, versionSum);
            if (add.executeUpdate() != 1) {
                throw new SQLException("inventory_totals lacks a row of its " + SHARDS + ": the list's version "
                        + "cannot be kept (see migration V5__inventory_totals.sql)");
            }
        }
    }

    private long versionOf(Object[] row) {
        return row == null ? 0 : ((Number) row[version]).longValue();
    }
}
