package org.petstore.inventory.adapter.persistence;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.List;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.application.port.outbound.StockMovementsContract;
import org.petstore.inventory.domain.InventoryEntry;

/**
 * The stock movements' contract on a real database through the JDBC adapter, with the schema built by the Flyway
 * migrations. Each backend's subclass says which database. What the contract cannot see of the idempotency keys (the
 * claims behind {@code change}) is {@link JdbcIdempotencyClaimsTest}'s.
 */
abstract class JdbcStockMovementsTest extends StockMovementsContract {

    @Inject
    InventoryRepository repository;

    @Inject
    StockLedger ledger;

    @Inject
    TransactionOperations<Connection> transactions;

    @Override
    protected InventoryRepository repository() {
        return repository;
    }

    @Override
    protected StockLedger ledger() {
        return ledger;
    }

    @Override
    protected void givenOnly(List<InventoryEntry> entries) {
        new StoreTables(transactions).replaceInventoryWith(entries);
    }
}
