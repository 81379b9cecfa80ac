package org.petstore.inventory.adapter.persistence.catalogue;

import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import org.petstore.inventory.adapter.persistence.DatabaseCalls;
import org.petstore.inventory.application.port.outbound.OrderRepository;
import org.petstore.inventory.application.port.outbound.PetRepository;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;

/** The {@link PetRepository} and {@link OrderRepository} ports on a relational database through Micronaut Data JDBC. */
@Singleton
final class JdbcCatalogue implements PetRepository, OrderRepository {

    private final StoreRows rows;
    private final DatabaseCalls calls;

    JdbcCatalogue(StoreRows rows, DatabaseCalls calls) {
        this.rows = rows;
        this.calls = calls;
    }

    @Override
    public Optional<Pet> findById(PetId petId) {
        return calls.read(() -> rows.findPet(petId.value()).map(PetRow::toDomain));
    }

    @Override
    public List<Order> findAll() {
        return calls.read(() -> rows.findAllOrders().stream().map(OrderRow::toDomain).toList());
    }
}
