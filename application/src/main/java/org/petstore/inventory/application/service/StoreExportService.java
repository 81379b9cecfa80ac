package org.petstore.inventory.application.service;

import java.util.Iterator;
import java.util.Objects;
import java.util.stream.Stream;
import org.petstore.inventory.application.port.inbound.ExportSink;
import org.petstore.inventory.application.port.inbound.ExportStoreUseCase;
import org.petstore.inventory.application.port.outbound.StoreSnapshot;
import org.petstore.inventory.application.port.outbound.StoreSnapshots;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.StoreSize;

/** Exports the store from one snapshot. Plain Java: the bootstrap module wires it to a {@link StoreSnapshots}. */
public final class StoreExportService implements ExportStoreUseCase {

    private final StoreSnapshots snapshots;

    public StoreExportService(StoreSnapshots snapshots) {
        this.snapshots = Objects.requireNonNull(snapshots, "snapshots");
    }

    @Override
    public StoreSize exportStore(boolean withOrders, ExportSink sink) {
        try (StoreSnapshot snapshot = snapshots.openSnapshot()) {
            StoreSize size = snapshot.size();
            sink.begin(withOrders ? size : new StoreSize(size.pets(), size.entries(), 0));
            long pets = 0;
            long entries = 0;
            try (Stream<CatalogueEntry> catalogue = snapshot.catalogue()) {
                for (Iterator<CatalogueEntry> it = catalogue.iterator(); it.hasNext(); ) {
                    CatalogueEntry entry = it.next();
                    sink.pet(entry);
                    pets++;
                    entries += entry.stock().isPresent() ? 1 : 0;
                }
            }
            long orders = 0;
            if (withOrders) {
                try (Stream<Order> all = snapshot.orders()) {
                    for (Iterator<Order> it = all.iterator(); it.hasNext(); ) {
                        sink.order(it.next());
                        orders++;
                    }
                }
            }
            return new StoreSize(pets, entries, orders);
        }
    }
}
