package org.petstore.inventory.bootstrap;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import org.petstore.inventory.application.port.outbound.OtherStores;
import org.petstore.inventory.application.port.outbound.StoreLoads;
import org.petstore.inventory.application.port.outbound.StoreSnapshots;
import org.petstore.inventory.application.service.CatalogueImportService;
import org.petstore.inventory.application.service.StoreCopyService;
import org.petstore.inventory.application.service.StoreExportService;

/**
 * Wires the services of the data commands (export, import, copy) to the persistence adapter. Like every singleton,
 * they are made only when first needed: the service itself never makes them.
 */
@Factory
final class DataTransferFactory {

    @Singleton
    StoreExportService storeExportService(StoreSnapshots snapshots) {
        return new StoreExportService(snapshots);
    }

    @Singleton
    CatalogueImportService catalogueImportService(StoreLoads loads) {
        return new CatalogueImportService(loads);
    }

    @Singleton
    StoreCopyService storeCopyService(StoreSnapshots snapshots, OtherStores otherStores) {
        return new StoreCopyService(snapshots, otherStores);
    }
}
