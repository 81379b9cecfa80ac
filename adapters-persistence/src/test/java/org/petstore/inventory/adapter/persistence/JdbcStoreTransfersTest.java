package org.petstore.inventory.adapter.persistence;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.List;
import org.petstore.inventory.application.port.outbound.StoreLoadContract;
import org.petstore.inventory.application.port.outbound.StoreLoads;
import org.petstore.inventory.application.port.outbound.StoreSnapshots;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;

/**
 * The store contract of the data use cases on a real database through the JDBC adapter, with the schema built by
 * the Flyway migrations. Each backend's subclass says which database.
 */
abstract class JdbcStoreTransfersTest extends StoreLoadContract {

    @Inject
    StoreSnapshots snapshots;

    @Inject
    StoreLoads loads;

    @Inject
    TransactionOperations<Connection> transactions;

    @Override
    protected StoreSnapshots snapshots() {
        return snapshots;
    }

    @Override
    protected StoreLoads loads() {
        return loads;
    }

    @Override
    protected void givenOnly(List<CatalogueEntry> pets, List<Order> orders) {
        new StoreTables(transactions).replaceWith(pets, orders);
    }
}
