package org.petstore.inventory.application.service;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.petstore.inventory.application.port.inbound.ImportCatalogueUseCase;
import org.petstore.inventory.application.port.inbound.ImportChanges;
import org.petstore.inventory.application.port.inbound.ImportChanges.RowChanges;
import org.petstore.inventory.application.port.inbound.ImportCommand;
import org.petstore.inventory.application.port.inbound.ImportLine;
import org.petstore.inventory.application.port.inbound.ImportMode;
import org.petstore.inventory.application.port.inbound.ImportOutcome;
import org.petstore.inventory.application.port.inbound.ImportProblem;
import org.petstore.inventory.application.port.inbound.ImportProblem.ImportFile;
import org.petstore.inventory.application.port.outbound.StagingProblem;
import org.petstore.inventory.application.port.outbound.StoreChanges;
import org.petstore.inventory.application.port.outbound.StoreLoad;
import org.petstore.inventory.application.port.outbound.StoreLoads;

/**
 * Imports a catalogue: every line is staged in the store or reported, the staged rows are checked as a whole, and only
 * a clean import is applied, in the load's one transaction. Plain Java: the bootstrap module wires it to a
 * {@link StoreLoads}.
 */
public final class CatalogueImportService implements ImportCatalogueUseCase {

    private final StoreLoads loads;

    public CatalogueImportService(StoreLoads loads) {
        this.loads = Objects.requireNonNull(loads, "loads");
    }

    @Override
    public ImportOutcome importCatalogue(ImportCommand command) {
        boolean replace = command.mode() == ImportMode.REPLACE;
        int limit = command.problemLimit();
        try (StoreLoad load = loads.beginLoad(command.orders().isPresent())) {
            Problems problems = new Problems(limit);
            stage(command.pets(), ImportFile.PETS, load, problems);
            command.orders().ifPresent(orders -> stage(orders, ImportFile.ORDERS, load, problems));

            command.progress().phase("checking the staged rows");
            for (StagingProblem problem : load.problems(replace, limit)) {
                problems.staged(describe(problem, replace));
            }
            long total = problems.count + load.problemCount(replace);
            if (total > 0) {
                return new ImportOutcome.Refused(problems.first(), total);
            }
            ImportChanges changes = changes(load.changes(replace), command.orders().isPresent());
            if (command.dryRun()) {
                return new ImportOutcome.Checked(changes);
            }
            if (changes.deletes() && !command.deletionsConfirmed()) {
                return new ImportOutcome.DeletionsUnconfirmed(changes);
            }
            command.progress().phase("applying the changes in one transaction");
            load.apply(replace);
            load.commit();
            return new ImportOutcome.Imported(changes);
        }
    }

    private static void stage(Stream<ImportLine> lines, ImportFile file, StoreLoad load, Problems problems) {
        for (Iterator<ImportLine> it = lines.iterator(); it.hasNext(); ) {
            switch (it.next()) {
                case ImportLine.PetLine pet when file == ImportFile.PETS -> load.stagePet(pet.line(), pet.entry());
                case ImportLine.OrderLine order when file == ImportFile.ORDERS ->
                        load.stageOrder(order.line(), order.order());
                case ImportLine.BadLine bad -> problems.badLine(new ImportProblem(file, bad.line(), bad.problem()));
                case ImportLine line -> throw new IllegalArgumentException(
                        "line " + line.line() + " of the " + file + " file is not a line of that file: " + line);
            }
        }
    }

    private static ImportProblem describe(StagingProblem problem, boolean replace) {
        return switch (problem) {
            case StagingProblem.DuplicatePet p -> new ImportProblem(ImportFile.PETS, p.line(),
                    "petId " + p.petId() + " appears again (first on line " + p.firstLine()
                            + "): each pet may appear only once");
            case StagingProblem.DuplicateOrder o -> new ImportProblem(ImportFile.ORDERS, o.line(),
                    "order id " + o.orderId() + " appears again (first on line " + o.firstLine()
                            + "): each order may appear only once");
            case StagingProblem.OrderOfMissingPet o -> new ImportProblem(ImportFile.ORDERS, o.line(),
                    "order " + o.orderId() + " is for pet " + o.petId() + ", which "
                            + (replace ? "is not in the pets file (a replace keeps only the file's pets)"
                                       : "is neither in the pets file nor in the store")
                            + ": add the pet, or correct the order's petId");
            case StagingProblem.OrderOfDeletedPet o -> new ImportProblem(ImportFile.PETS, 0,
                    "order " + o.orderId() + " in the store is for pet " + o.petId() + ", which the file does not "
                            + "have, so a replace would delete it: add pet " + o.petId()
                            + " to the file, or give the orders too (their file replaces the store's orders)");
        };
    }

    private static ImportChanges changes(StoreChanges store, boolean withOrders) {
        RowChanges pets = new RowChanges(store.petsCreated(), store.petsUpdated(), store.petsUnchanged(),
                store.petsDeleted());
        RowChanges orders = withOrders
                ? new RowChanges(store.ordersCreated(), store.ordersUpdated(), store.ordersUnchanged(),
                        store.ordersDeleted())
                : RowChanges.NONE;
        return new ImportChanges(pets, orders, store.stockRemoved());
    }

    /**
     * The first problems in file order, at most the limit, and the count of bad lines. The bad lines come in file
     * order and so do the staging problems (each at most the limit of them): the sorted union of the first
     * {@code limit} of each, cut at the limit, is the first {@code limit} of all.
     */
    private static final class Problems {

        private final int limit;
        private final List<ImportProblem> badLines = new ArrayList<>();
        private final List<ImportProblem> staged = new ArrayList<>();
        private long count;

        Problems(int limit) {
            this.limit = limit;
        }

        void badLine(ImportProblem problem) {
            count++;
            if (badLines.size() < limit) {
                badLines.add(problem);
            }
        }

        void staged(ImportProblem problem) {
            staged.add(problem);
        }

        List<ImportProblem> first() {
            return Stream.concat(badLines.stream(), staged.stream())
                    .sorted(ImportProblem.IN_FILE_ORDER).limit(limit).toList();
        }
    }
}
