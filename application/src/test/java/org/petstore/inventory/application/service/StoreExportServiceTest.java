package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.ExportSink;
import org.petstore.inventory.application.port.outbound.InMemoryStore;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StoreSize;

class StoreExportServiceTest {

    private static final CatalogueEntry REX = CatalogueEntry.stocked(new Pet(PetId.of(1), "Rex", PetStatus.AVAILABLE),
            Quantity.of(12), EntryVersion.of(4));
    private static final CatalogueEntry POLLY = CatalogueEntry.unstocked(new Pet(PetId.of(7), "Polly",
            PetStatus.PENDING));
    private static final Order ORDER = new Order(OrderId.of(1), PetId.of(1), Quantity.of(1),
            Instant.parse("2026-10-02T09:00:00Z"), OrderStatus.PLACED, false);

    private final InMemoryStore store = new InMemoryStore();
    private final StoreExportService service = new StoreExportService(store);

    private List<String> export(boolean withOrders) {
        store.replaceWith(List.of(REX, POLLY), List.of(ORDER));
        List<String> received = new ArrayList<>();
        StoreSize exported = service.exportStore(withOrders, new ExportSink() {
            @Override
            public void begin(StoreSize size) {
                received.add("begin " + size);
            }

            @Override
            public void pet(CatalogueEntry entry) {
                received.add("pet " + entry.petId());
            }

            @Override
            public void order(Order order) {
                received.add("order " + order.id());
            }
        });
        received.add("exported " + exported);
        return received;
    }

    @Test
    void theSinkGetsTheSizeThenEveryPetThenEveryOrder() {
        assertEquals(List.of("begin StoreSize[pets=2, entries=1, orders=1]", "pet 1", "pet 7", "order 1",
                "exported StoreSize[pets=2, entries=1, orders=1]"), export(true));
    }

    @Test
    void withoutOrdersNoOrderIsReadOrCounted() {
        assertEquals(List.of("begin StoreSize[pets=2, entries=1, orders=0]", "pet 1", "pet 7",
                "exported StoreSize[pets=2, entries=1, orders=0]"), export(false));
    }
}
