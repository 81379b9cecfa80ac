package org.petstore.inventory.adapter.http;

import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.petstore.inventory.application.port.inbound.CreateWebhookCommand;
import org.petstore.inventory.application.port.inbound.CreatedWebhook;
import org.petstore.inventory.application.port.inbound.DeliveryAttemptView;
import org.petstore.inventory.application.port.inbound.ManageWebhooksUseCase;
import org.petstore.inventory.application.port.inbound.ReadWebhookDeliveriesUseCase;
import org.petstore.inventory.application.port.inbound.RotatedWebhookSecret;
import org.petstore.inventory.application.port.inbound.TestWebhookUseCase;
import org.petstore.inventory.application.port.inbound.UpdateWebhookCommand;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.webhook.AddressPolicy;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.DeliveryError;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookNotFoundException;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * The webhook use cases behind the HTTP adapter, faked in memory as their javadoc says they behave: the domain's own
 * rules (the commands, {@link Webhook}, {@link AddressPolicy#publicOnly()} over a fixed table of {@link #HOSTS} instead
 * of the DNS), at {@link InMemoryApiKeys#NOW}, with a seeded random source, a stock ledger whose newest change is
 * {@link #NEWEST_CHANGE}, a delivery log the test fills ({@link #logAttempt}) and a test delivery whose result the test
 * sets ({@link #answerTestsWith}). Made anew by {@link #reset()}.
 */
@Singleton
final class InMemoryWebhooks implements ManageWebhooksUseCase, ReadWebhookDeliveriesUseCase, TestWebhookUseCase {

    /** The stock ledger's newest change: a new webhook's cursor. */
    static final long NEWEST_CHANGE = 1200;

    /** What the fake DNS answers; an IP literal is its own address, any other host has none. */
    static final Map<String, List<String>> HOSTS = Map.of(
            "shop.example.com", List.of("93.184.215.14"),
            "erp.example.com", List.of("151.101.1.69", "2a04:4e42::261"),
            "intranet.example.com", List.of("93.184.215.14", "10.0.0.7"));

    private final Map<WebhookId, Webhook> webhooks = new LinkedHashMap<>();
    private final List<DeliveryAttemptView> log = new ArrayList<>();
    private final AddressPolicy policy = AddressPolicy.publicOnly();
    private Random random;
    private long removedThrough;
    private AttemptResult testResult;
    private int tests;

    InMemoryWebhooks() {
        reset();
    }

    /** No webhook, an empty log, every change kept, and test deliveries answered 204 in 12 ms. */
    synchronized void reset() {
        webhooks.clear();
        log.clear();
        random = new Random(50);
        removedThrough = 0;
        testResult = AttemptResult.answered(204, Duration.ofMillis(12), null, null);
        tests = 0;
    }

    /** The ledger's retention removed the changes up to {@code changeId}. */
    synchronized void removeChangesThrough(long changeId) {
        removedThrough = changeId;
    }

    /** A webhook as the store would hold it after deliveries (a failure, the service disabling it). */
    synchronized void put(Webhook webhook) {
        webhooks.put(webhook.id(), webhook);
    }

    /** An attempt in the log; attempt ids increase in the order they are logged. */
    synchronized DeliveryAttemptView logAttempt(WebhookId id, String deliveryId, Long first, Long last, int attempt,
                                                Integer status, String error, long millis) {
        DeliveryAttemptView view = new DeliveryAttemptView(log.size() + 1, id, deliveryId, first, last, attempt,
                InMemoryApiKeys.NOW.plusSeconds(log.size()), status,
                error == null ? null : DeliveryError.ofWireName(error).orElseThrow(), Duration.ofMillis(millis));
        log.add(view);
        return view;
    }

    /** What the next test deliveries find. */
    synchronized void answerTestsWith(AttemptResult result) {
        testResult = result;
    }

    /** How many test deliveries were sent. */
    synchronized int testsSent() {
        return tests;
    }

    // the use cases

    @Override
    public synchronized CreatedWebhook create(CreateWebhookCommand command) {
        WebhookUrl url = checked(command.webhookUrl());
        Webhook webhook = Webhook.create(WebhookId.generate(random), url, command.eventTypes(),
                command.description(), InMemoryApiKeys.NOW, NEWEST_CHANGE);
        webhooks.put(webhook.id(), webhook);
        return new CreatedWebhook(webhook, WebhookSecret.generate(random));
    }

    @Override
    public synchronized List<Webhook> list() {
        return webhooks.values().stream()
                .sorted(Comparator.comparing(Webhook::createdAt).thenComparing(webhook -> webhook.id().value()))
                .toList();
    }

    @Override
    public synchronized Webhook find(WebhookId id) {
        return Optional.ofNullable(webhooks.get(id)).orElseThrow(() -> new WebhookNotFoundException(id.value()));
    }

    @Override
    public synchronized Webhook update(WebhookId id, UpdateWebhookCommand command) {
        Webhook webhook = find(id);
        Optional<WebhookUrl> url = command.webhookUrl().map(this::checked);
        if (url.isPresent()) {
            webhook = webhook.withUrl(url.get());
        }
        if (command.eventTypes().isPresent()) {
            webhook = webhook.withEvents(command.eventTypes().get());
        }
        if (command.description().isPresent()) {
            webhook = webhook.withDescription(command.description().get());
        }
        if (command.enabled().isPresent()) {
            if (command.enabled().get() && !webhook.enabled() && webhook.cursor() < removedThrough) {
                throw new ExpiredChangeCursorException(webhook.cursor(), removedThrough, NEWEST_CHANGE);
            }
            webhook = command.enabled().get() ? webhook.enable() : webhook.disable(null);
        }
        webhooks.put(id, webhook);
        return webhook;
    }

    @Override
    public synchronized void delete(WebhookId id) {
        find(id);
        webhooks.remove(id);
        log.removeIf(attempt -> attempt.webhookId().equals(id));
    }

    @Override
    public synchronized RotatedWebhookSecret rotateSecret(WebhookId id) {
        find(id);
        return new RotatedWebhookSecret(WebhookSecret.generate(random),
                InMemoryApiKeys.NOW.plus(ROTATION_OVERLAP));
    }

    @Override
    public synchronized Webhook replay(WebhookId id, long afterChangeId) {
        Webhook webhook = find(id);
        if (afterChangeId < 0 || afterChangeId > NEWEST_CHANGE) {
            throw new InvalidWebhookRequestException("after must be from 0 to the newest change, " + NEWEST_CHANGE
                    + ", got " + afterChangeId);
        }
        if (afterChangeId < removedThrough) {
            throw new ExpiredChangeCursorException(afterChangeId, removedThrough, NEWEST_CHANGE);
        }
        Webhook replayed = new Webhook(webhook.id(), webhook.url(), webhook.events(), webhook.description(),
                webhook.enabled(), webhook.disabledReason(), webhook.createdAt(), afterChangeId,
                webhook.lastFailureAt(), webhook.lastFailure());
        webhooks.put(id, replayed);
        return replayed;
    }

    @Override
    public synchronized List<DeliveryAttemptView> deliveries(WebhookId id, long beforeAttemptId, int limit) {
        find(id);
        return log.reversed().stream()
                .filter(attempt -> attempt.webhookId().equals(id) && attempt.attemptId() < beforeAttemptId)
                .limit(limit)
                .toList();
    }

    @Override
    public synchronized AttemptResult sendTest(WebhookId id) {
        find(id);
        tests++;
        logAttempt(id, "msg_test" + tests, null, null, 1, testResult.status(),
                testResult.error() == null ? null : testResult.error().wireName(), testResult.duration().toMillis());
        return testResult;
    }

    /** The URL, once every address its host resolves to passed the policy. */
    private WebhookUrl checked(WebhookUrl url) {
        policy.check(url, addresses(url.host()));
        return url;
    }

    private static List<InetAddress> addresses(String host) {
        List<String> listed = HOSTS.getOrDefault(host, host.matches("[0-9.]+|.*:.*") ? List.of(host) : List.of());
        List<InetAddress> addresses = new ArrayList<>();
        for (String address : listed) {
            try {
                addresses.add(InetAddress.getByName(address)); // a literal: no lookup
            } catch (UnknownHostException e) {
                throw new IllegalStateException(address, e);
            }
        }
        return addresses;
    }
}
