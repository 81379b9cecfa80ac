package org.petstore.inventory.application.service;

import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.petstore.inventory.application.port.inbound.CreateWebhookCommand;
import org.petstore.inventory.application.port.inbound.CreatedWebhook;
import org.petstore.inventory.application.port.inbound.DeliveryAttemptView;
import org.petstore.inventory.application.port.inbound.ManageWebhooksUseCase;
import org.petstore.inventory.application.port.inbound.ReadWebhookDeliveriesUseCase;
import org.petstore.inventory.application.port.inbound.RotatedWebhookSecret;
import org.petstore.inventory.application.port.inbound.TestWebhookUseCase;
import org.petstore.inventory.application.port.inbound.UpdateWebhookCommand;
import org.petstore.inventory.application.port.outbound.AttemptRecord;
import org.petstore.inventory.application.port.outbound.FormedDelivery;
import org.petstore.inventory.application.port.outbound.HostAddresses;
import org.petstore.inventory.application.port.outbound.LoggedAttempt;
import org.petstore.inventory.application.port.outbound.OutgoingWebhook;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.application.port.outbound.WebhookDeliveries;
import org.petstore.inventory.application.port.outbound.WebhookPayloads;
import org.petstore.inventory.application.port.outbound.WebhookStore;
import org.petstore.inventory.application.port.outbound.WebhookTransport;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.webhook.AddressPolicy;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;
import org.petstore.inventory.domain.webhook.SigningSecrets;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookNotFoundException;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * The webhooks' administration, their delivery log and their test deliveries. Deliveries themselves are the
 * {@link WebhookDispatcher}'s; what this service changes reaches it through the store (a new URL, disabling, enabling
 * and replay move the webhook's fence, so the instance delivering it lets go and the next claim starts from the row as
 * now stored). A URL's host is resolved and checked by the {@link AddressPolicy} before it is stored; the transport
 * checks it again at every attempt. Times are taken to the microsecond, as the store keeps them. Secrets are never
 * logged, and neither is a URL (its query may carry a receiver's token): the log names webhooks by id and host.
 * Plain Java: the bootstrap module wires it.
 */
public final class WebhookService implements ManageWebhooksUseCase, ReadWebhookDeliveriesUseCase, TestWebhookUseCase {

    private static final System.Logger LOG = System.getLogger(WebhookService.class.getName());

    private final WebhookStore store;
    private final WebhookDeliveries deliveries;
    private final StockLedger ledger;
    private final HostAddresses hosts;
    private final AddressPolicy policy;
    private final WebhookPayloads payloads;
    private final WebhookTransport transport;
    private final Clock clock;
    private final RandomGenerator random;

    /** @param random draws ids, secrets and message ids: a {@code SecureRandom} */
    public WebhookService(WebhookStore store, WebhookDeliveries deliveries, StockLedger ledger, HostAddresses hosts,
                          AddressPolicy policy, WebhookPayloads payloads, WebhookTransport transport, Clock clock,
                          RandomGenerator random) {
        this.store = Objects.requireNonNull(store, "store");
        this.deliveries = Objects.requireNonNull(deliveries, "deliveries");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.hosts = Objects.requireNonNull(hosts, "hosts");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.payloads = Objects.requireNonNull(payloads, "payloads");
        this.transport = Objects.requireNonNull(transport, "transport");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
    }

    @Override
    public CreatedWebhook create(CreateWebhookCommand command) {
        WebhookUrl url = command.webhookUrl();
        check(url);
        Webhook webhook = Webhook.create(WebhookId.generate(random), url, command.eventTypes(), command.description(),
                now(), ledger.newestChangeId());
        WebhookSecret secret = WebhookSecret.generate(random);
        store.add(webhook, SigningSecrets.of(secret));
        LOG.log(Level.INFO, "webhook {0} created for host {1}, events {2}, from change {3}", webhook.id(),
                url.host(), webhook.events(), webhook.cursor());
        return new CreatedWebhook(webhook, secret);
    }

    /** Resolves the URL's host and checks every address it leads to (the exceptions name the fix). */
    private void check(WebhookUrl url) {
        List<InetAddress> addresses = hosts.resolve(url.host());
        policy.check(url, addresses);
    }

    @Override
    public List<Webhook> list() {
        return store.list();
    }

    @Override
    public Webhook find(WebhookId id) {
        Objects.requireNonNull(id, "id");
        return store.find(id).orElseThrow(() -> new WebhookNotFoundException(id.value()));
    }

    @Override
    public Webhook update(WebhookId id, UpdateWebhookCommand command) {
        Webhook before = find(id);
        Webhook changed = before;
        if (command.webhookUrl().isPresent()) {
            WebhookUrl url = command.webhookUrl().get();
            check(url);
            changed = changed.withUrl(url);
        }
        if (command.eventTypes().isPresent()) {
            changed = changed.withEvents(command.eventTypes().get());
        }
        if (command.description().isPresent()) {
            changed = changed.withDescription(command.description().get());
        }
        if (command.enabled().isPresent()) {
            changed = command.enabled().get() ? changed.enable() : changed.disable(null);
        }
        if (changed.enabled() && !before.enabled()) {
            long removedThrough = ledger.removedThrough();
            if (before.cursor() < removedThrough) {
                throw new ExpiredChangeCursorException(before.cursor(), removedThrough, ledger.newestChangeId());
            }
        }
        boolean redirects = changed.redirects(before);
        Webhook stored = store.update(changed, redirects);
        LOG.log(Level.INFO, "webhook {0} changed: {1}", id, changes(before, stored));
        return stored;
    }

    /** What an update changed, for the log: never the URL itself, only its host. */
    private static String changes(Webhook before, Webhook after) {
        StringBuilder text = new StringBuilder();
        if (!before.url().equals(after.url())) {
            text.append("URL (host ").append(after.url().host()).append(") ");
        }
        if (!before.events().equals(after.events())) {
            text.append("events ").append(after.events()).append(' ');
        }
        if (!Objects.equals(before.description(), after.description())) {
            text.append("description ");
        }
        if (before.enabled() != after.enabled()) {
            text.append(after.enabled() ? "enabled, from change " + after.cursor() : "disabled").append(' ');
        }
        return text.isEmpty() ? "nothing" : text.toString().strip();
    }

    @Override
    public void delete(WebhookId id) {
        Objects.requireNonNull(id, "id");
        store.delete(id);
        LOG.log(Level.INFO, "webhook {0} deleted", id);
    }

    @Override
    public RotatedWebhookSecret rotateSecret(WebhookId id) {
        Objects.requireNonNull(id, "id");
        SigningSecrets secrets = store.secretsOf(id).orElseThrow(() -> new WebhookNotFoundException(id.value()));
        Instant now = now();
        WebhookSecret next = WebhookSecret.generate(random);
        SigningSecrets rotated = secrets.rotate(next, now, ROTATION_OVERLAP);
        store.rotate(id, next, rotated.previousUntil());
        LOG.log(Level.INFO, "webhook {0}: secret rotated; the previous one signs too until {1}", id,
                rotated.previousUntil());
        return new RotatedWebhookSecret(next, rotated.previousUntil());
    }

    @Override
    public Webhook replay(WebhookId id, long afterChangeId) {
        Webhook webhook = find(id);
        long newest = ledger.newestChangeId();
        if (afterChangeId < 0 || afterChangeId > newest) {
            throw new InvalidWebhookRequestException("after must be a change id from 0 to the newest change, "
                    + newest + ", got " + afterChangeId);
        }
        long removedThrough = ledger.removedThrough();
        if (afterChangeId < removedThrough) {
            throw new ExpiredChangeCursorException(afterChangeId, removedThrough, newest);
        }
        store.replay(webhook.id(), afterChangeId);
        LOG.log(Level.INFO, "webhook {0} replays the changes after {1} (its cursor was {2})", id, afterChangeId,
                webhook.cursor());
        return find(id);
    }

    @Override
    public List<DeliveryAttemptView> deliveries(WebhookId id, long beforeAttemptId, int limit) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("a limit is from 1 to " + MAX_LIMIT + ", got " + limit);
        }
        find(id);
        return store.attempts(id, beforeAttemptId, limit).stream().map(WebhookService::view).toList();
    }

    /** The log entry as a caller may see it: the receiver's excerpt stays behind. */
    private static DeliveryAttemptView view(LoggedAttempt logged) {
        AttemptResult result = logged.record().result();
        return new DeliveryAttemptView(logged.attemptId(), logged.webhookId(), logged.deliveryId(),
                logged.firstChangeId(), logged.lastChangeId(), logged.record().attempt(), logged.record().at(),
                result.status(), result.error(), result.duration());
    }

    @Override
    public AttemptResult sendTest(WebhookId id) {
        Webhook webhook = find(id);
        SigningSecrets secrets = store.secretsOf(id).orElseThrow(() -> new WebhookNotFoundException(id.value()));
        Instant now = now();
        FormedDelivery delivery = new FormedDelivery(FormedDelivery.newId(random), EventType.WEBHOOK_TEST.wireName(),
                0, 0, 0, payloads.test(id, now), now);
        AttemptResult result = transport.send(new OutgoingWebhook(webhook.url(), delivery.id(), delivery.body(),
                secrets.at(now), now));
        deliveries.recordTest(id, delivery, new AttemptRecord(1, now, result));
        LOG.log(Level.INFO, "webhook {0}: test delivery {1} answered {2}", id, delivery.id(), result.summary());
        return result;
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
