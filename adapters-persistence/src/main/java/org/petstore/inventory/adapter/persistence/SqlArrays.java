package org.petstore.inventory.adapter.persistence;

import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The SQL arrays the statements take as parameters ({@code UNNEST(?)}, {@code = ANY(?)}), made by the statement's
 * driver: the same on H2 and PostgreSQL. A statement of fixed text takes any number of entries this way.
 */
final class SqlArrays {

    private SqlArrays() {
    }

    /** A {@code BIGINT} array of the values. */
    static Array bigints(PreparedStatement statement, long[] values) throws SQLException {
        Long[] boxed = new Long[values.length];
        for (int i = 0; i < values.length; i++) {
            boxed[i] = values[i];
        }
        return statement.getConnection().createArrayOf("bigint", boxed);
    }

    /** An {@code INTEGER} array of the values. */
    static Array integers(PreparedStatement statement, int[] values) throws SQLException {
        Integer[] boxed = new Integer[values.length];
        for (int i = 0; i < values.length; i++) {
            boxed[i] = values[i];
        }
        return statement.getConnection().createArrayOf("integer", boxed);
    }

    /** An {@code INTEGER} array of the values, {@code null} among them. */
    static Array integers(PreparedStatement statement, Integer[] values) throws SQLException {
        return statement.getConnection().createArrayOf("integer", values);
    }

    /** A {@code BIGINT} array of the values, {@code null} among them. */
    static Array bigints(PreparedStatement statement, Long[] values) throws SQLException {
        return statement.getConnection().createArrayOf("bigint", values);
    }

    /** A {@code VARCHAR} array of the values, {@code null} among them. */
    static Array texts(PreparedStatement statement, String[] values) throws SQLException {
        return statement.getConnection().createArrayOf("varchar", values);
    }
}
