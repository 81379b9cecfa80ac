package org.petstore.inventory.adapter.out.persistence;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.petstore.inventory.application.port.out.InventoryRepository;
import org.petstore.inventory.application.port.out.InventoryUnavailableException;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventoryItemNotFoundException;
import org.petstore.inventory.domain.PetId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link InventoryRepository} port on a relational database through Micronaut Data JDBC. Every method runs in
 * one transaction of its own, so a failure midway changes nothing; transaction boundaries live here, and the
 * application ring stays free of framework annotations. A database that cannot be reached surfaces as
 * {@link InventoryUnavailableException}.
 */
@Singleton
final class JdbcInventoryRepository implements InventoryRepository {

    private static final Logger LOG = LoggerFactory.getLogger(JdbcInventoryRepository.class);

    private final InventoryItemRows rows;
    private final TransactionOperations<Connection> transactions;

    JdbcInventoryRepository(InventoryItemRows rows, TransactionOperations<Connection> transactions) {
        this.rows = rows;
        this.transactions = transactions;
    }

    @Override
    public List<InventoryItem> findAll() {
        return read(() -> rows.findAllInPetIdOrder().stream().map(InventoryItemMapper::toDomain).toList());
    }

    @Override
    public Optional<InventoryItem> findByPetId(PetId petId) {
        return read(() -> rows.findByPetId(petId.value()).map(InventoryItemMapper::toDomain));
    }

    @Override
    public InventoryItem updateQuantity(InventoryItem item) {
        long petId = item.petId().value();
        return write(() -> {
            if (rows.updateQuantity(petId, item.quantity().value()) == 0) {
                throw new InventoryItemNotFoundException(item.petId());
            }
            return rows.findByPetId(petId).map(InventoryItemMapper::toDomain)
                    .orElseThrow(() -> new InventoryItemNotFoundException(item.petId()));
        });
    }

    private <T> T read(Supplier<T> work) {
        return translatingConnectionFailures(() -> transactions.executeRead(status -> work.get()));
    }

    private <T> T write(Supplier<T> work) {
        return translatingConnectionFailures(() -> transactions.executeWrite(status -> work.get()));
    }

    private static <T> T translatingConnectionFailures(Supplier<T> transaction) {
        try {
            return transaction.get();
        } catch (RuntimeException e) {
            if (ConnectionFailures.isConnectionFailure(e)) {
                LOG.warn("The inventory database cannot be reached: {}", rootMessage(e));
                throw new InventoryUnavailableException("The inventory database cannot be reached", e);
            }
            throw e;
        }
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
