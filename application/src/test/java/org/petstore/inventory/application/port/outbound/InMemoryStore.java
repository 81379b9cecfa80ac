package org.petstore.inventory.application.port.outbound;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.LedgerRange;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StoreSize;

/**
 * An in-memory store for the data use cases: {@link StoreSnapshots} and {@link StoreLoads} on maps of pets and
 * orders and a stock ledger (which its loads carry over, but where an import records nothing). It passes the same
 * {@link StoreLoadContract} as the databases. A snapshot copies the maps when it opens; a load works on copies and
 * replaces the maps when it commits.
 */
public final class InMemoryStore implements StoreSnapshots, StoreLoads {

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final String identity = "memory:" + INSTANCES.incrementAndGet();
    private TreeMap<Long, CatalogueEntry> pets = new TreeMap<>();
    private TreeMap<Long, Order> orders = new TreeMap<>();
    private List<StockChange> changes = List.of();
    private LedgerRange ledgerRange = LedgerRange.EMPTY;

    /** Makes the ledger keep exactly these changes, in this range. */
    public synchronized void replaceLedgerWith(List<StockChange> newChanges, LedgerRange range) {
        changes = List.copyOf(newChanges);
        ledgerRange = range;
    }

    public synchronized List<StockChange> changes() {
        return changes;
    }

    public synchronized LedgerRange ledgerRange() {
        return ledgerRange;
    }

    public synchronized void replaceWith(List<CatalogueEntry> newPets, List<Order> newOrders) {
        pets = new TreeMap<>();
        newPets.forEach(entry -> pets.put(entry.petId().value(), entry));
        orders = new TreeMap<>();
        newOrders.forEach(order -> orders.put(order.id().value(), order));
    }

    public synchronized List<CatalogueEntry> pets() {
        return List.copyOf(pets.values());
    }

    public synchronized List<Order> orders() {
        return List.copyOf(orders.values());
    }

    @Override
    public synchronized StoreSnapshot openSnapshot() {
        return new Snapshot(identity, List.copyOf(pets.values()), List.copyOf(orders.values()), changes, ledgerRange);
    }

    @Override
    public synchronized StoreLoad beginLoad(boolean withOrders) {
        return new Load(withOrders);
    }

    private synchronized void commit(TreeMap<Long, CatalogueEntry> newPets, TreeMap<Long, Order> newOrders,
            List<StockChange> newChanges, LedgerRange newRange) {
        pets = newPets;
        orders = newOrders;
        changes = List.copyOf(newChanges);
        ledgerRange = newRange;
    }

    private record Snapshot(String identity, List<CatalogueEntry> petRows, List<Order> orderRows,
            List<StockChange> changeRows, LedgerRange ledgerRange) implements StoreSnapshot {

        @Override
        public StoreSize size() {
            return new StoreSize(petRows.size(), petRows.stream().filter(p -> p.stock().isPresent()).count(),
                    orderRows.size());
        }

        @Override
        public Stream<CatalogueEntry> catalogue() {
            return petRows.stream();
        }

        @Override
        public Stream<Order> orders() {
            return orderRows.stream();
        }

        @Override
        public Stream<StockChange> changes() {
            return changeRows.stream();
        }

        @Override
        public void close() {
        }
    }

    private record Staged<T>(long line, T row) {
    }

    private final class Load implements StoreLoad {

        private final boolean withOrders;
        private final List<Staged<CatalogueEntry>> stagedPets = new ArrayList<>();
        private final List<Staged<Order>> stagedOrders = new ArrayList<>();
        private TreeMap<Long, CatalogueEntry> workingPets;
        private TreeMap<Long, Order> workingOrders;
        private List<StockChange> workingChanges;
        private LedgerRange workingRange;
        private boolean closed;

        Load(boolean withOrders) {
            this.withOrders = withOrders;
            synchronized (InMemoryStore.this) {
                workingPets = new TreeMap<>(pets);
                workingOrders = new TreeMap<>(orders);
                workingChanges = new ArrayList<>(changes);
                workingRange = ledgerRange;
            }
        }

        @Override
        public StoreSize size() {
            return readBack().size();
        }

        @Override
        public LedgerRange ledgerRange() {
            return workingRange;
        }

        @Override
        public void copyChange(StockChange change) {
            if (!workingChanges.isEmpty() && workingChanges.getLast().changeId() >= change.changeId()) {
                throw new IllegalStateException("change " + change.changeId() + " is not after the ledger's last");
            }
            workingChanges.add(change);
        }

        @Override
        public void copyLedgerRange(LedgerRange range) {
            workingRange = range;
        }

        @Override
        public void stagePet(long line, CatalogueEntry entry) {
            stagedPets.add(new Staged<>(line, entry));
        }

        @Override
        public void stageOrder(long line, Order order) {
            if (!withOrders) {
                throw new IllegalStateException("this load was begun without orders");
            }
            stagedOrders.add(new Staged<>(line, order));
        }

        @Override
        public List<StagingProblem> problems(boolean replace, int limit) {
            return allProblems(replace).stream().limit(limit).toList();
        }

        @Override
        public long problemCount(boolean replace) {
            return allProblems(replace).size();
        }

        private List<StagingProblem> allProblems(boolean replace) {
            List<StagingProblem> problems = new ArrayList<>();
            Map<Long, Long> firstPet = new HashMap<>();
            for (Staged<CatalogueEntry> pet : stagedPets) {
                Long first = firstPet.putIfAbsent(pet.row().petId().value(), pet.line());
                if (first != null) {
                    problems.add(new StagingProblem.DuplicatePet(pet.line(), pet.row().petId(), first));
                }
            }
            if (withOrders) {
                Map<Long, Long> firstOrder = new HashMap<>();
                for (Staged<Order> order : stagedOrders) {
                    Long first = firstOrder.putIfAbsent(order.row().id().value(), order.line());
                    if (first != null) {
                        problems.add(new StagingProblem.DuplicateOrder(order.line(), order.row().id(), first));
                    }
                }
                for (Staged<Order> order : stagedOrders) {
                    long petId = order.row().petId().value();
                    if (!firstPet.containsKey(petId) && (replace || !workingPets.containsKey(petId))) {
                        problems.add(new StagingProblem.OrderOfMissingPet(order.line(), order.row().id(),
                                order.row().petId()));
                    }
                }
            } else if (replace) {
                for (Order order : workingOrders.values()) {
                    if (!firstPet.containsKey(order.petId().value())) {
                        problems.add(new StagingProblem.OrderOfDeletedPet(order.id(), order.petId()));
                    }
                }
            }
            problems.sort(Comparator.comparingInt(Load::fileOf).thenComparingLong(Load::lineOf));
            return problems;
        }

        private static int fileOf(StagingProblem problem) {
            return problem instanceof StagingProblem.DuplicatePet || problem instanceof StagingProblem.OrderOfDeletedPet
                    ? 0 : 1;
        }

        private static long lineOf(StagingProblem problem) {
            return switch (problem) {
                case StagingProblem.DuplicatePet p -> p.line();
                case StagingProblem.DuplicateOrder o -> o.line();
                case StagingProblem.OrderOfMissingPet o -> o.line();
                case StagingProblem.OrderOfDeletedPet _ -> 0;
            };
        }

        @Override
        public StoreChanges changes(boolean replace) {
            long created = 0;
            long updated = 0;
            long stockRemoved = 0;
            for (Staged<CatalogueEntry> staged : stagedPets) {
                CatalogueEntry stored = workingPets.get(staged.row().petId().value());
                if (stored == null) {
                    created++;
                } else if (differs(stored, staged.row())) {
                    updated++;
                    if (stored.stock().isPresent() && staged.row().stock().isEmpty()) {
                        stockRemoved++;
                    }
                }
            }
            long petsDeleted = replace ? workingPets.keySet().stream().filter(id -> !stagedPet(id)).count() : 0;
            long ordersCreated = 0;
            long ordersUpdated = 0;
            for (Staged<Order> staged : stagedOrders) {
                Order stored = workingOrders.get(staged.row().id().value());
                if (stored == null) {
                    ordersCreated++;
                } else if (!stored.equals(staged.row())) {
                    ordersUpdated++;
                }
            }
            long ordersDeleted = withOrders && replace
                    ? workingOrders.keySet().stream().filter(id -> stagedOrders.stream()
                            .noneMatch(o -> o.row().id().value() == id)).count() : 0;
            return new StoreChanges(created, updated, stagedPets.size() - created - updated, petsDeleted,
                    stockRemoved, ordersCreated, ordersUpdated, stagedOrders.size() - ordersCreated - ordersUpdated,
                    ordersDeleted);
        }

        private boolean stagedPet(long id) {
            return stagedPets.stream().anyMatch(p -> p.row().petId().value() == id);
        }

        private static boolean differs(CatalogueEntry stored, CatalogueEntry staged) {
            return !stored.pet().equals(staged.pet())
                    || !stored.stock().map(CatalogueEntry.Stock::quantity)
                            .equals(staged.stock().map(CatalogueEntry.Stock::quantity));
        }

        @Override
        public void apply(boolean replace) {
            TreeMap<Long, CatalogueEntry> result = replace ? new TreeMap<>() : new TreeMap<>(workingPets);
            for (Staged<CatalogueEntry> staged : stagedPets) {
                CatalogueEntry entry = staged.row();
                CatalogueEntry stored = workingPets.get(entry.petId().value());
                Optional<CatalogueEntry.Stock> stock = entry.stock();
                if (stored != null && stored.stock().isPresent() && stock.isPresent()) {
                    CatalogueEntry.Stock before = stored.stock().get();
                    boolean changed = !before.quantity().equals(stock.get().quantity())
                            || stored.pet().status() != entry.pet().status();
                    stock = Optional.of(changed ? new CatalogueEntry.Stock(stock.get().quantity(), before.version().next())
                                                : before);
                }
                result.put(entry.petId().value(), new CatalogueEntry(entry.pet(), stock));
            }
            TreeMap<Long, Order> resultOrders = withOrders && replace ? new TreeMap<>() : new TreeMap<>(workingOrders);
            stagedOrders.forEach(staged -> resultOrders.put(staged.row().id().value(), staged.row()));
            workingPets = result;
            workingOrders = resultOrders;
        }

        @Override
        public void clear() {
            workingPets = new TreeMap<>();
            workingOrders = new TreeMap<>();
            workingChanges = new ArrayList<>();
            workingRange = LedgerRange.EMPTY;
        }

        @Override
        public StoreSnapshot readBack() {
            return new Snapshot(identity, List.copyOf(workingPets.values()), List.copyOf(workingOrders.values()),
                    List.copyOf(workingChanges), workingRange);
        }

        @Override
        public void commit() {
            if (closed) {
                throw new IllegalStateException("the load is closed");
            }
            InMemoryStore.this.commit(workingPets, workingOrders, workingChanges, workingRange);
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
