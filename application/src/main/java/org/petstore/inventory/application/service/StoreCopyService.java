package org.petstore.inventory.application.service;

import java.util.Iterator;
import java.util.Objects;
import java.util.stream.Stream;
import org.petstore.inventory.application.port.inbound.CopyCommand;
import org.petstore.inventory.application.port.inbound.CopyOutcome;
import org.petstore.inventory.application.port.inbound.CopyStoreUseCase;
import org.petstore.inventory.application.port.inbound.ProgressListener;
import org.petstore.inventory.application.port.outbound.OtherStore;
import org.petstore.inventory.application.port.outbound.OtherStores;
import org.petstore.inventory.application.port.outbound.StoreAddress;
import org.petstore.inventory.application.port.outbound.StoreLoad;
import org.petstore.inventory.application.port.outbound.StoreSnapshot;
import org.petstore.inventory.application.port.outbound.StoreSnapshots;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.LedgerRange;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StoreSize;

/**
 * Copies the store into another database, its stock ledger included (every change kept, with its id, and the range
 * of ids, so that a follower's cursor means the same on both): one snapshot of the store, one transaction of the
 * target, verified by reading the target back before that transaction commits. Plain Java: the bootstrap module wires
 * it to a {@link StoreSnapshots} and {@link OtherStores}.
 */
public final class StoreCopyService implements CopyStoreUseCase {

    private final StoreSnapshots snapshots;
    private final OtherStores otherStores;

    public StoreCopyService(StoreSnapshots snapshots, OtherStores otherStores) {
        this.snapshots = Objects.requireNonNull(snapshots, "snapshots");
        this.otherStores = Objects.requireNonNull(otherStores, "otherStores");
    }

    @Override
    public CopyOutcome copyStore(CopyCommand command) {
        ProgressListener progress = command.progress();
        StoreAddress address = new StoreAddress(command.targetUrl(), command.targetUser(), command.targetPassword());
        try (StoreSnapshot source = snapshots.openSnapshot();
             OtherStore target = otherStores.connect(address)) {
            if (source.identity().equals(target.identity())) {
                return new CopyOutcome.SameStore();
            }
            String schema = target.migrate();
            try (StoreLoad load = target.beginLoad(true)) {
                StoreSize existing = load.size();
                long existingChanges = load.ledgerRange().kept();
                if (!existing.isEmpty() || existingChanges > 0) {
                    if (!command.replace()) {
                        return new CopyOutcome.TargetNotEmpty(existing, existingChanges);
                    }
                    progress.phase("deleting what the target holds");
                    load.clear();
                }
                StoreSize size = source.size();
                LedgerRange ledger = source.ledgerRange();
                progress.started(size.pets() + size.orders() + ledger.kept());
                StoreChecksum copied = stage(source, load, progress);

                progress.phase("writing the copy in one transaction");
                load.apply(true);
                copyLedger(source, ledger, load, copied, progress);
                progress.phase("verifying the copy: reading it back");
                StoreChecksum readBack = new StoreChecksum();
                try (StoreSnapshot written = load.readBack()) {
                    digest(written, readBack);
                }
                StoreSize sourceSize = copied.size();
                StoreSize targetSize = readBack.size();
                String sourceChecksum = copied.hex();
                String targetChecksum = readBack.hex();
                if (!sourceSize.equals(targetSize) || copied.changes() != readBack.changes()
                        || !sourceChecksum.equals(targetChecksum)) {
                    return new CopyOutcome.Mismatch(sourceSize, copied.changes(), sourceChecksum, targetSize,
                            readBack.changes(), targetChecksum);
                }
                load.commit();
                return new CopyOutcome.Copied(sourceSize, copied.changes(), sourceChecksum, schema);
            }
        }
    }

    /** Stages every pet and order of the source in the load, each numbered as the line it would be in an export. */
    private static StoreChecksum stage(StoreSnapshot source, StoreLoad load, ProgressListener progress) {
        StoreChecksum checksum = new StoreChecksum();
        long rows = 0;
        long line = 0;
        try (Stream<CatalogueEntry> catalogue = source.catalogue()) {
            for (Iterator<CatalogueEntry> it = catalogue.iterator(); it.hasNext(); ) {
                CatalogueEntry entry = it.next();
                checksum.add(entry);
                load.stagePet(++line, entry);
                progress.advanced(++rows);
            }
        }
        line = 0;
        try (Stream<Order> orders = source.orders()) {
            for (Iterator<Order> it = orders.iterator(); it.hasNext(); ) {
                Order order = it.next();
                checksum.add(order);
                load.stageOrder(++line, order);
                progress.advanced(++rows);
            }
        }
        return checksum;
    }

    /** Copies the source's stock ledger as it is, after the pets and orders, continuing their progress. */
    private static void copyLedger(StoreSnapshot source, LedgerRange ledger, StoreLoad load, StoreChecksum checksum,
            ProgressListener progress) {
        long rows = checksum.size().pets() + checksum.size().orders();
        try (Stream<StockChange> changes = source.changes()) {
            for (Iterator<StockChange> it = changes.iterator(); it.hasNext(); ) {
                StockChange change = it.next();
                checksum.add(change);
                load.copyChange(change);
                progress.advanced(++rows);
            }
        }
        load.copyLedgerRange(ledger);
        checksum.add(ledger);
    }

    private static void digest(StoreSnapshot store, StoreChecksum checksum) {
        try (Stream<CatalogueEntry> catalogue = store.catalogue()) {
            catalogue.forEachOrdered(checksum::add);
        }
        try (Stream<Order> orders = store.orders()) {
            orders.forEachOrdered(checksum::add);
        }
        try (Stream<StockChange> changes = store.changes()) {
            changes.forEachOrdered(checksum::add);
        }
        checksum.add(store.ledgerRange());
    }
}
