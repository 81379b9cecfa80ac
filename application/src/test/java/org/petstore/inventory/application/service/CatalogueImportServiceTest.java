package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.ImportChanges;
import org.petstore.inventory.application.port.inbound.ImportChanges.RowChanges;
import org.petstore.inventory.application.port.inbound.ImportCommand;
import org.petstore.inventory.application.port.inbound.ImportLine;
import org.petstore.inventory.application.port.inbound.ImportMode;
import org.petstore.inventory.application.port.inbound.ImportOutcome;
import org.petstore.inventory.application.port.inbound.ImportProblem;
import org.petstore.inventory.application.port.inbound.ImportProblem.ImportFile;
import org.petstore.inventory.application.port.inbound.ProgressListener;
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

class CatalogueImportServiceTest {

    private static final CatalogueEntry REX = pet(1, "Rex", 12);
    private static final CatalogueEntry TOM = pet(2, "Tom", 3);
    private static final Order ORDER = new Order(OrderId.of(1), PetId.of(1), Quantity.of(1),
            Instant.parse("2026-10-02T09:00:00Z"), OrderStatus.PLACED, false);

    private final InMemoryStore store = new InMemoryStore();
    private final CatalogueImportService service = new CatalogueImportService(store);
    private final List<String> phases = new ArrayList<>();

    @BeforeEach
    void stock() {
        store.replaceWith(List.of(REX, TOM), List.of(ORDER));
    }

    private static CatalogueEntry pet(long id, String name, int quantity) {
        return CatalogueEntry.stocked(new Pet(PetId.of(id), name, PetStatus.AVAILABLE), Quantity.of(quantity),
                EntryVersion.FIRST);
    }

    private static ImportLine.PetLine line(long line, CatalogueEntry entry) {
        return new ImportLine.PetLine(line, entry);
    }

    private ImportCommand command(ImportMode mode, boolean dryRun, boolean yes, int limit, ImportLine... lines) {
        return new ImportCommand(Stream.of(lines), Optional.empty(), mode, dryRun, yes, limit, new ProgressListener() {
            @Override
            public void phase(String description) {
                phases.add(description);
            }
        });
    }

    @Test
    void aCleanFileIsAppliedAndItsChangesCounted() {
        ImportOutcome outcome = service.importCatalogue(command(ImportMode.UPSERT, false, false, 10,
                line(2, pet(1, "Rex", 13)), line(3, TOM), line(4, pet(3, "Goldie", 0))));

        assertAll(
                () -> assertEquals(new ImportOutcome.Imported(new ImportChanges(new RowChanges(1, 1, 1, 0),
                        RowChanges.NONE, 0)), outcome),
                () -> assertEquals(List.of(pet(1, "Rex", 13).stock().get().quantity(), Quantity.of(3),
                        Quantity.of(0)), store.pets().stream().map(p -> p.stock().get().quantity()).toList()),
                () -> assertEquals(List.of("checking the staged rows", "applying the changes in one transaction"),
                        phases));
    }

    @Test
    void badLinesAndStagingProblemsAreReportedTogetherInLineOrderUpToTheLimitAndNothingChanges() {
        ImportOutcome outcome = service.importCatalogue(command(ImportMode.UPSERT, false, true, 3,
                line(2, REX),
                new ImportLine.BadLine(3, "quantity must be a whole number from 0 to 2147483647, got -1"),
                line(4, REX),
                new ImportLine.BadLine(5, "status must be one of available, pending, sold, got \"lost\""),
                line(6, REX),
                new ImportLine.BadLine(7, "missing field \"name\"")));

        ImportOutcome.Refused refused = assertInstanceOf(ImportOutcome.Refused.class, outcome);
        assertAll(
                () -> assertEquals(List.of(
                        new ImportProblem(ImportFile.PETS, 3, "quantity must be a whole number from 0 to 2147483647, "
                                + "got -1"),
                        new ImportProblem(ImportFile.PETS, 4, "petId 1 appears again (first on line 2): each pet may "
                                + "appear only once"),
                        new ImportProblem(ImportFile.PETS, 5, "status must be one of available, pending, sold, got "
                                + "\"lost\"")), refused.problems()),
                () -> assertEquals(5, refused.total()),
                () -> assertEquals(List.of(REX, TOM), store.pets()));
    }

    @Test
    void aDryRunCountsTheChangesAndChangesNothing() {
        ImportOutcome outcome = service.importCatalogue(command(ImportMode.REPLACE, true, false, 10,
                line(2, pet(3, "Goldie", 0)), line(3, pet(1, "Rex", 12))));

        assertEquals(new ImportOutcome.Checked(new ImportChanges(new RowChanges(1, 0, 1, 1), RowChanges.NONE, 0)),
                outcome);
        assertEquals(List.of(REX, TOM), store.pets());
    }

    @Test
    void anImportThatWouldDeleteIsRefusedUntilDeletionsAreConfirmed() {
        ImportCommand unconfirmed = command(ImportMode.REPLACE, false, false, 10, line(2, REX));
        ImportOutcome refused = service.importCatalogue(unconfirmed);

        assertEquals(new ImportOutcome.DeletionsUnconfirmed(new ImportChanges(new RowChanges(0, 0, 1, 1),
                RowChanges.NONE, 0)), refused);
        assertEquals(List.of(REX, TOM), store.pets());

        ImportOutcome confirmed = service.importCatalogue(command(ImportMode.REPLACE, false, true, 10, line(2, REX)));

        assertInstanceOf(ImportOutcome.Imported.class, confirmed);
        assertEquals(List.of(REX), store.pets());
    }

    @Test
    void aReplaceThatWouldLeaveAnOrderWithoutItsPetSaysWhichAndHowToFixIt() {
        ImportOutcome outcome = service.importCatalogue(command(ImportMode.REPLACE, false, true, 10, line(2, TOM)));

        assertEquals(new ImportOutcome.Refused(List.of(new ImportProblem(ImportFile.PETS, 0, "order 1 in the store is "
                + "for pet 1, which the file does not have, so a replace would delete it: add pet 1 to the file, or "
                + "give the orders too (their file replaces the store's orders)")), 1), outcome);
    }

    @Test
    void orderLinesAreCheckedAgainstThePetsOfBothTheFileAndTheStore() {
        Order forUnknownPet = new Order(OrderId.of(2), PetId.of(99), Quantity.of(1), Instant.EPOCH,
                OrderStatus.PLACED, false);
        ImportCommand command = new ImportCommand(Stream.of(line(2, TOM)), Optional.of(Stream.of(
                new ImportLine.OrderLine(2, ORDER), new ImportLine.OrderLine(3, forUnknownPet),
                new ImportLine.BadLine(4, "complete must be true or false, got \"yes\""))),
                ImportMode.UPSERT, false, false, 10, ProgressListener.NONE);

        ImportOutcome outcome = service.importCatalogue(command);

        assertEquals(new ImportOutcome.Refused(List.of(
                new ImportProblem(ImportFile.ORDERS, 3, "order 2 is for pet 99, which is neither in the pets file nor "
                        + "in the store: add the pet, or correct the order's petId"),
                new ImportProblem(ImportFile.ORDERS, 4, "complete must be true or false, got \"yes\"")), 2), outcome);
    }
}
