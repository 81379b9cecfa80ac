package org.petstore.inventory.adapter.persistence;

import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Function;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.StockMovement;

/**
 * The SQL arrays the statements take as parameters ({@code UNNEST(?)}, {@code = ANY(?)}), made by the statement's
 * driver: the same on H2 and PostgreSQL. A statement of fixed text takes any number of entries this way, so each
 * backend prepares and plans it once.
 */
final class SqlArrays {

    private SqlArrays() {
    }

    /** Sets parameter {@code index} to a {@code BIGINT} array of the changes' pets. */
    static void bindPets(PreparedStatement statement, int index, List<EntryChange> changes) throws SQLException {
        statement.setArray(index, array(statement, "bigint",
                changes.stream().map(change -> change.petId().value()).toArray(Long[]::new)));
    }

    /**
     * Sets the parameters from {@code first} on to the changes as the seven arrays of
     * {@link InventoryStatements#CHANGES}, in its order: the pets, the count each sets (or null), the delta each moves
     * by (or null), the sources, key ids, request ids and reasons of their origins; the index after the last.
     */
    static int bindChanges(PreparedStatement statement, int first, List<EntryChange> changes) throws SQLException {
        int count = changes.size();
        Integer[] quantities = new Integer[count];
        Long[] deltas = new Long[count];
        for (int i = 0; i < count; i++) {
            switch (changes.get(i).movement()) {
                case StockMovement.SetTo set -> quantities[i] = set.quantity().value();
                case StockMovement.AdjustBy adjust -> deltas[i] = (long) adjust.delta().value();
            }
        }
        List<ChangeOrigin> origins = changes.stream().map(EntryChange::origin).toList();
        bindPets(statement, first, changes);
        statement.setArray(first + 1, array(statement, "integer", quantities));
        statement.setArray(first + 2, array(statement, "bigint", deltas));
        statement.setArray(first + 3, texts(statement, origins, origin -> origin.source().wireName()));
        statement.setArray(first + 4, texts(statement, origins, ChangeOrigin::keyId));
        statement.setArray(first + 5, texts(statement, origins, ChangeOrigin::requestId));
        statement.setArray(first + 6, texts(statement, origins, ChangeOrigin::reasonWireName));
        return first + 7;
    }

    private static Array texts(PreparedStatement statement, List<ChangeOrigin> origins,
            Function<ChangeOrigin, String> text) throws SQLException {
        return array(statement, "varchar", origins.stream().map(text).toArray(String[]::new));
    }

    private static Array array(PreparedStatement statement, String type, Object[] values) throws SQLException {
        return statement.getConnection().createArrayOf(type, values);
    }
}
