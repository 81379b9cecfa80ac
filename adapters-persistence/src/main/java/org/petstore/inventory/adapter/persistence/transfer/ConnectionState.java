package org.petstore.inventory.adapter.persistence.transfer;

import java.sql.Connection;
import java.sql.SQLException;

/** The transaction settings of a connection, saved before a snapshot or load changes them, restored after. */
record ConnectionState(boolean autoCommit, int isolation, boolean readOnly) {

    static ConnectionState of(Connection connection) throws SQLException {
        return new ConnectionState(connection.getAutoCommit(), connection.getTransactionIsolation(),
                connection.isReadOnly());
    }

    /** Restores the settings; the connection's transaction must have ended. */
    void restore(Connection connection) throws SQLException {
        connection.setReadOnly(readOnly);
        connection.setTransactionIsolation(isolation);
        connection.setAutoCommit(autoCommit);
    }
}
