package org.petstore.inventory.bootstrap;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.annotation.Factory;
import io.micronaut.core.bind.annotation.Bindable;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import io.micronaut.context.exceptions.ConfigurationException;
import java.time.Clock;
import java.util.Optional;
import org.petstore.inventory.application.port.outbound.ApiKeyStore;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.OrderRepository;
import org.petstore.inventory.application.port.outbound.PetRepository;
import org.petstore.inventory.application.port.outbound.SharedQuotas;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.application.service.ApiKeyService;
import org.petstore.inventory.application.service.InventoryService;
import org.petstore.inventory.application.service.OrderService;
import org.petstore.inventory.application.service.PetService;
import org.petstore.inventory.application.service.QuotaService;
import org.petstore.inventory.application.service.StockMovementService;
import org.petstore.inventory.application.service.StockLedgerService;
import org.petstore.inventory.domain.quota.InvalidQuotaException;
import org.petstore.inventory.domain.quota.Quota;

/**
 * Wires the plain-Java services of the application ring to the adapters that implement their outbound ports.
 * A service bean is injectable as each use case it implements.
 */
@Factory
final class ServiceFactory {

    @Singleton
    InventoryService inventoryService(InventoryRepository inventoryRepository) {
        return new InventoryService(inventoryRepository);
    }

    /**
     * {@code petstore.require-if-match} ({@code PETSTORE_REQUIRE_IF_MATCH}): when true, every change of stock must
     * name the versions of the entry it was made from (a {@code PATCH} or an adjustment with {@code If-Match}; a
     * batch cannot), so that no client changes a count it has not seen. Default false: a change without a condition
     * is made as the specification describes it.
     */
    @ConfigurationProperties("petstore")
    record StockChangeSettings(@Bindable(defaultValue = "false") boolean requireIfMatch) {
    }

    @Singleton
    StockMovementService stockMovementService(InventoryRepository inventoryRepository, StockChangeSettings settings) {
        return new StockMovementService(inventoryRepository, settings.requireIfMatch());
    }

    @Singleton
    StockLedgerService stockLedgerService(StockLedger stockLedger, InventoryRepository inventoryRepository) {
        return new StockLedgerService(stockLedger, inventoryRepository);
    }

    @Singleton
    PetService petService(PetRepository petRepository) {
        return new PetService(petRepository);
    }

    /** Managed keys; {@link ApiKeyUpkeep} keeps what it knows current. */
    @Singleton
    ApiKeyService apiKeyService(ApiKeyStore apiKeyStore) {
        return new ApiKeyService(apiKeyStore, Clock.systemUTC(), new SecureRandom());
    }

    /**
     * {@code petstore.rate-limit} ({@code PETSTORE_RATE_LIMIT}): the quota of a managed key that has none of its own,
     * such as {@code 50/s burst 200}, or {@code off} (no key is limited, and no answer carries the quota fields).
     */
    @ConfigurationProperties("petstore")
    record RateLimitSettings(@Bindable(defaultValue = "50/s burst 200") String rateLimit) {

        RateLimitSettings {
            try {
                Quota.parse(rateLimit);
            } catch (InvalidQuotaException e) {
                throw new ConfigurationException("petstore.rate-limit: " + e.getMessage());
            }
        }

        Optional<Quota> quota() {
            return Quota.parse(rateLimit);
        }
    }

    /**
     * Quotas, kept in memory and, where instances share a PostgreSQL database, shared through it
     * ({@link QuotaUpkeep}); on H2 (one process) the process keeps them alone.
     */
    @Singleton
    QuotaService quotaService(RateLimitSettings settings, Optional<SharedQuotas> shared) {
        return new QuotaService(settings.quota(), shared, QuotaService::systemNanos);
    }

    @Singleton
    OrderService orderService(OrderRepository orderRepository) {
        return new OrderService(orderRepository);
    }
}
