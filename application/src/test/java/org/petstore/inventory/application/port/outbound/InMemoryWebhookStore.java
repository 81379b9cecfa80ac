package org.petstore.inventory.application.port.outbound;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.petstore.inventory.domain.webhook.SigningSecrets;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookNotFoundException;
import org.petstore.inventory.domain.webhook.WebhookSecret;

/**
 * An in-memory {@link WebhookStore}, {@link WebhookLeases} and {@link WebhookDeliveries} on one set of rows, as the
 * database adapter keeps them: the fake the application's tests run against, with the fence semantics of the ports'
 * javadoc (every claim and every redirecting administrator's change moves the fence; every deliverer's write is
 * refused under a stale one). Leases are timed on the store's own clock (the "database clock"), which a test moves
 * apart from the instances'. Instants are kept to the microsecond. Every method is atomic (synchronized). A test can
 * make it unreachable, and read what a row holds (its fence, lease and pending delivery) and how often a deliverer's
 * writes were refused.
 */
public final class InMemoryWebhookStore implements WebhookStore, WebhookLeases, WebhookDeliveries {

    /** One webhook as a row holds it. */
    private static final class Row {
        Webhook webhook;
        SigningSecrets secrets;
        long fence;
        String owner;
        Instant leaseUntil;
        PendingDelivery pending;

        Row(Webhook webhook, SigningSecrets secrets) {
            this.webhook = webhook;
            this.secrets = secrets;
        }
    }

    /** A delivery as its table keeps it. */
    public enum DeliveryState { PENDING, DELIVERED, FAILED, SUPERSEDED }

    private record StoredDelivery(WebhookId webhookId, FormedDelivery delivery, DeliveryState state) {
    }

    private final Clock databaseClock;
    private final Map<WebhookId, Row> rows = new LinkedHashMap<>();
    private final Map<String, StoredDelivery> deliveries = new LinkedHashMap<>();
    private final List<LoggedAttempt> log = new ArrayList<>();
    private final AtomicInteger refusedWrites = new AtomicInteger();
    private final AtomicInteger unreachableCalls = new AtomicInteger();
    private long lastAttemptId;
    private volatile boolean unavailable;

    /** @param databaseClock the clock leases are timed on */
    public InMemoryWebhookStore(Clock databaseClock) {
        this.databaseClock = Objects.requireNonNull(databaseClock, "databaseClock");
    }

    /** Whether every call fails as a store that cannot be reached does. */
    public void unavailable(boolean unavailable) {
        this.unavailable = unavailable;
    }

    /** How many calls failed because the store was made unreachable. */
    public int unreachableCalls() {
        return unreachableCalls.get();
    }

    /** How many of a deliverer's writes were refused (stale fence, not the pending delivery, another cursor). */
    public int refusedWrites() {
        return refusedWrites.get();
    }

    /** The webhook's fence now. */
    public synchronized long fence(WebhookId id) {
        return row(id).fence;
    }

    /** Who holds the webhook's lease now (an expired lease is held by no one); empty when free. */
    public synchronized Optional<String> leaseOwner(WebhookId id) {
        Row row = row(id);
        return row.owner != null && row.leaseUntil.isAfter(databaseNow()) ? Optional.of(row.owner) : Optional.empty();
    }

    /** The webhook's pending delivery now. */
    public synchronized Optional<PendingDelivery> pending(WebhookId id) {
        return Optional.ofNullable(row(id).pending);
    }

    /** The state of a delivery (by message id) as kept. */
    public synchronized Optional<DeliveryState> deliveryState(String deliveryId) {
        return Optional.ofNullable(deliveries.get(deliveryId)).map(StoredDelivery::state);
    }

    /** Every logged attempt of every webhook, oldest first, excerpts included (as the table keeps them). */
    public synchronized List<LoggedAttempt> log() {
        return List.copyOf(log);
    }

    private void reachable() {
        if (unavailable) {
            unreachableCalls.incrementAndGet();
            throw new StorageUnavailableException("The webhook store cannot be reached (a test made it so)",
                    new IllegalStateException("unreachable"));
        }
    }

    private Instant databaseNow() {
        return databaseClock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    private Row row(WebhookId id) {
        Row row = rows.get(id);
        if (row == null) {
            throw new WebhookNotFoundException(id.value());
        }
        return row;
    }

    private static Instant micros(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.MICROS);
    }

    private static Webhook kept(Webhook webhook) {
        return new Webhook(webhook.id(), webhook.url(), webhook.events(), webhook.description(), webhook.enabled(),
                webhook.disabledReason(), micros(webhook.createdAt()), webhook.cursor(),
                micros(webhook.lastFailureAt()), webhook.lastFailure());
    }

    private static Webhook with(Webhook w, boolean enabled, String disabledReason, long cursor, Instant lastFailureAt,
                                String lastFailure) {
        return new Webhook(w.id(), w.url(), w.events(), w.description(), enabled, disabledReason, w.createdAt(),
                cursor, micros(lastFailureAt), lastFailure);
    }

    // ---- WebhookStore

    @Override
    public synchronized void add(Webhook webhook, SigningSecrets secrets) {
        reachable();
        if (rows.containsKey(webhook.id())) {
            throw new IllegalStateException("webhook " + webhook.id() + " is stored already");
        }
        rows.put(webhook.id(), new Row(kept(webhook), new SigningSecrets(secrets.current(), secrets.previous(),
                micros(secrets.previousUntil()))));
    }

    @Override
    public synchronized List<Webhook> list() {
        reachable();
        return rows.values().stream().map(row -> row.webhook)
                .sorted(Comparator.comparing(Webhook::createdAt).thenComparing(w -> w.id().value())).toList();
    }

    @Override
    public synchronized Optional<Webhook> find(WebhookId id) {
        reachable();
        return Optional.ofNullable(rows.get(id)).map(row -> row.webhook);
    }

    @Override
    public synchronized Optional<SigningSecrets> secretsOf(WebhookId id) {
        reachable();
        return Optional.ofNullable(rows.get(id)).map(row -> row.secrets);
    }

    @Override
    public synchronized Webhook update(Webhook changed, boolean redirects) {
        reachable();
        Row row = row(changed.id());
        Webhook before = row.webhook;
        row.webhook = new Webhook(before.id(), changed.url(), changed.events(), changed.description(),
                changed.enabled(), changed.disabledReason(), before.createdAt(), before.cursor(), before.lastFailureAt(),
                before.lastFailure());
        if (redirects) {
            row.fence++;
            row.owner = null;
            row.leaseUntil = null;
        }
        if (changed.enabled() && !before.enabled() && row.pending != null) {
            row.pending = new PendingDelivery(row.pending.delivery(), 0, row.pending.delivery().formedAt());
        }
        return row.webhook;
    }

    @Override
    public synchronized void delete(WebhookId id) {
        reachable();
        row(id);
        rows.remove(id);
        deliveries.values().removeIf(stored -> stored.webhookId().equals(id));
        log.removeIf(attempt -> attempt.webhookId().equals(id));
    }

    @Override
    public synchronized void rotate(WebhookId id, WebhookSecret next, Instant previousUntil) {
        reachable();
        Row row = row(id);
        row.secrets = new SigningSecrets(next, row.secrets.current(), micros(previousUntil));
    }

    @Override
    public synchronized void replay(WebhookId id, long afterChangeId) {
        reachable();
        Row row = row(id);
        if (row.pending != null) {
            String pendingId = row.pending.delivery().id();
            deliveries.computeIfPresent(pendingId, (key, stored) ->
                    new StoredDelivery(stored.webhookId(), stored.delivery(), DeliveryState.SUPERSEDED));
            row.pending = null;
        }
        Webhook w = row.webhook;
        row.webhook = with(w, w.enabled(), w.disabledReason(), afterChangeId, w.lastFailureAt(), w.lastFailure());
        row.fence++;
        row.owner = null;
        row.leaseUntil = null;
    }

    @Override
    public synchronized List<LoggedAttempt> attempts(WebhookId id, long beforeAttemptId, int limit) {
        reachable();
        return log.reversed().stream()
                .filter(attempt -> attempt.webhookId().equals(id) && attempt.attemptId() < beforeAttemptId)
                .limit(limit).toList();
    }

    // ---- WebhookLeases

    @Override
    public synchronized List<Lease> claim(String owner, int max) {
        reachable();
        Instant now = databaseNow();
        List<Lease> claimed = new ArrayList<>();
        rows.values().stream()
                .filter(row -> row.webhook.enabled() && (row.leaseUntil == null || row.leaseUntil.isBefore(now)))
                .sorted(Comparator.comparing(row -> row.webhook.id().value()))
                .limit(max)
                .forEach(row -> {
                    row.owner = owner;
                    row.leaseUntil = now.plus(DURATION);
                    row.fence++;
                    claimed.add(new Lease(row.webhook.id(), row.fence));
                });
        return claimed;
    }

    @Override
    public synchronized Set<WebhookId> renew(String owner, Collection<Lease> held) {
        reachable();
        Instant now = databaseNow();
        Set<WebhookId> kept = new HashSet<>();
        for (Lease lease : held) {
            Row row = rows.get(lease.id());
            if (row != null && row.fence == lease.fence() && owner.equals(row.owner)) {
                row.leaseUntil = now.plus(DURATION);
                kept.add(lease.id());
            }
        }
        return kept;
    }

    @Override
    public synchronized void release(String owner, Collection<Lease> held) {
        reachable();
        for (Lease lease : held) {
            Row row = rows.get(lease.id());
            if (row != null && row.fence == lease.fence() && owner.equals(row.owner)) {
                row.owner = null;
                row.leaseUntil = null;
            }
        }
    }

    // ---- WebhookDeliveries

    /** The row, when the lease's fence still holds; null (and a refused write counted) otherwise. */
    private Row guarded(Lease lease, boolean write) {
        Row row = rows.get(lease.id());
        if (row == null || row.fence != lease.fence()) {
            if (write) {
                refusedWrites.incrementAndGet();
            }
            return null;
        }
        return row;
    }

    private boolean refused() {
        refusedWrites.incrementAndGet();
        return false;
    }

    @Override
    public synchronized Optional<LeasedState> state(Lease lease) {
        reachable();
        Row row = guarded(lease, false);
        if (row == null || !row.webhook.enabled()) {
            return Optional.empty();
        }
        return Optional.of(new LeasedState(row.webhook, row.secrets, row.pending));
    }

    @Override
    public synchronized boolean form(Lease lease, long expectedCursor, FormedDelivery delivery) {
        reachable();
        Row row = guarded(lease, true);
        if (row == null) {
            return false;
        }
        if (row.pending != null || row.webhook.cursor() != expectedCursor
                || delivery.previousChangeId() != expectedCursor || deliveries.containsKey(delivery.id())) {
            return refused();
        }
        makePending(row, delivery);
        return true;
    }

    /** Stores {@code delivery} as the row's pending one, without its body, to the microsecond. */
    private void makePending(Row row, FormedDelivery delivery) {
        FormedDelivery kept = new FormedDelivery(delivery.id(), delivery.eventType(), delivery.previousChangeId(),
                delivery.firstChangeId(), delivery.lastChangeId(), new byte[0], micros(delivery.formedAt()));
        deliveries.put(kept.id(), new StoredDelivery(row.webhook.id(), kept, DeliveryState.PENDING));
        row.pending = new PendingDelivery(kept, 0, kept.formedAt());
    }

    private boolean isPending(Row row, PendingDelivery delivery) {
        return row.pending != null && row.pending.delivery().id().equals(delivery.delivery().id());
    }

    @Override
    public synchronized boolean recordSuccess(Lease lease, PendingDelivery delivery, AttemptRecord attempt,
                                              List<AcknowledgedDelivery> after, FormedDelivery next) {
        long end = AcknowledgedDelivery.runEnd(delivery.delivery(), after, next);
        reachable();
        Row row = guarded(lease, true);
        if (row == null) {
            return false;
        }
        FormedDelivery formed = delivery.delivery();
        if (!isPending(row, delivery) || row.webhook.cursor() != formed.previousChangeId()
                || next != null && deliveries.containsKey(next.id())
                || after.stream().anyMatch(acknowledged -> deliveries.containsKey(acknowledged.delivery().id()))) {
            return refused();
        }
        Webhook w = row.webhook;
        row.webhook = with(w, w.enabled(), w.disabledReason(), end, null, null);
        row.pending = null;
        deliveries.put(formed.id(), new StoredDelivery(w.id(), formed.withoutBody(), DeliveryState.DELIVERED));
        append(w.id(), formed, attempt);
        for (AcknowledgedDelivery acknowledged : after) {
            FormedDelivery sent = acknowledged.delivery();
            deliveries.put(sent.id(), new StoredDelivery(w.id(), sent.withoutBody(), DeliveryState.DELIVERED));
            append(w.id(), sent, acknowledged.attempt());
        }
        if (next != null) {
            makePending(row, next);
        }
        return true;
    }

    @Override
    public synchronized boolean recordFailure(Lease lease, PendingDelivery delivery, AttemptRecord attempt,
                                              Instant nextAttemptAt, String disableReason) {
        if ((nextAttemptAt == null) == (disableReason == null)) {
            throw new IllegalArgumentException("a failure is retried at an instant or disables the webhook, exactly "
                    + "one of the two");
        }
        if (!delivery.delivery().hasBody()) {
            throw new IllegalArgumentException("a failed delivery is kept with the body it sent");
        }
        reachable();
        Row row = guarded(lease, true);
        if (row == null) {
            return false;
        }
        if (!isPending(row, delivery)) {
            return refused();
        }
        Webhook w = row.webhook;
        FormedDelivery sent = delivery.delivery();
        FormedDelivery formed = new FormedDelivery(sent.id(), sent.eventType(), sent.previousChangeId(),
                sent.firstChangeId(), sent.lastChangeId(), sent.body(), row.pending.delivery().formedAt());
        deliveries.put(formed.id(), new StoredDelivery(w.id(), formed, DeliveryState.PENDING));
        Instant failedAt = attempt.at();
        String summary = attempt.result().summary();
        if (nextAttemptAt != null) {
            row.webhook = with(w, w.enabled(), w.disabledReason(), w.cursor(), failedAt, summary);
            row.pending = new PendingDelivery(formed, attempt.attempt(), micros(nextAttemptAt));
        } else {
            row.webhook = with(w, false, disableReason, w.cursor(), failedAt, summary);
            row.pending = new PendingDelivery(formed, attempt.attempt(), row.pending.nextAttemptAt());
        }
        append(w.id(), formed, attempt);
        return true;
    }

    @Override
    public synchronized void recordTest(WebhookId id, FormedDelivery delivery, AttemptRecord attempt) {
        reachable();
        if (!rows.containsKey(id)) {
            return;
        }
        deliveries.put(delivery.id(), new StoredDelivery(id, delivery, attempt.result().succeeded()
                ? DeliveryState.DELIVERED : DeliveryState.FAILED));
        append(id, delivery, attempt);
    }

    private void append(WebhookId id, FormedDelivery delivery, AttemptRecord attempt) {
        boolean changes = delivery.lastChangeId() != 0;
        AttemptRecord kept = new AttemptRecord(attempt.attempt(), micros(attempt.at()), attempt.result());
        log.add(new LoggedAttempt(++lastAttemptId, id, delivery.id(), changes ? delivery.firstChangeId() : null,
                changes ? delivery.lastChangeId() : null, kept));
    }

    @Override
    public synchronized int prune(Instant attemptsBefore, int keepPerWebhook) {
        reachable();
        Map<WebhookId, Integer> seen = new HashMap<>();
        List<LoggedAttempt> removed = new ArrayList<>();
        for (LoggedAttempt attempt : log.reversed()) {
            int newer = seen.merge(attempt.webhookId(), 1, Integer::sum);
            if (attempt.record().at().isBefore(attemptsBefore) || newer > keepPerWebhook) {
                removed.add(attempt);
            }
        }
        log.removeAll(removed);
        Set<String> logged = new HashSet<>();
        log.forEach(attempt -> logged.add(attempt.deliveryId()));
        deliveries.values().removeIf(stored -> stored.state() != DeliveryState.PENDING
                && !logged.contains(stored.delivery().id()));
        return removed.size();
    }
}
