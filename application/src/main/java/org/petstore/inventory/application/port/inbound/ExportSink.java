package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.StoreSize;

/** Where an export goes, one pet or order at a time. */
public interface ExportSink {

    /** Called once, before the first pet: how much the snapshot holds. */
    void begin(StoreSize size);

    void pet(CatalogueEntry entry);

    void order(Order order);
}
