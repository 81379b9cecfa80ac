package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.CreateWebhookCommand;
import org.petstore.inventory.application.port.inbound.CreatedWebhook;
import org.petstore.inventory.application.port.inbound.DeliveryAttemptView;
import org.petstore.inventory.application.port.inbound.ManageWebhooksUseCase;
import org.petstore.inventory.application.port.inbound.RotatedWebhookSecret;
import org.petstore.inventory.application.port.inbound.UpdateWebhookCommand;
import org.petstore.inventory.application.port.outbound.AttemptRecord;
import org.petstore.inventory.application.port.outbound.FormedDelivery;
import org.petstore.inventory.application.port.outbound.InMemoryWebhookStore;
import org.petstore.inventory.application.port.outbound.InMemoryWebhookStore.DeliveryState;
import org.petstore.inventory.application.port.outbound.Lease;
import org.petstore.inventory.application.port.outbound.OutgoingWebhook;
import org.petstore.inventory.application.port.outbound.PendingDelivery;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.webhook.AddressPolicy;
import org.petstore.inventory.domain.webhook.AddressRefusedException;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.Cidr;
import org.petstore.inventory.domain.webhook.DeliveryError;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;
import org.petstore.inventory.domain.webhook.SigningSecrets;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookNotFoundException;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;

class WebhookServiceTest {

    private static final Instant START = Instant.parse("2026-11-28T10:00:00.123456789Z");
    private static final Instant NOW = START.truncatedTo(ChronoUnit.MICROS);
    private static final String SHOP = "https://shop.example.com/hooks/stock?token=abc";
    private static final String OWNER = "inst-0000000000a1";
    private static final WebhookId UNKNOWN = new WebhookId("whk-000000000000");
    private static final String GONE = "the receiver answered 410 Gone";

    private final TestClock clock = new TestClock(START);
    private final InMemoryWebhookStore store = new InMemoryWebhookStore(clock);
    private final FakeStockLedger ledger = new FakeStockLedger(clock);
    private final FakeHostAddresses hosts = new FakeHostAddresses()
            .with("shop.example.com", "93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c")
            .with("mixed.example.com", "93.184.215.14", "10.0.0.7")
            .with("metadata.example.com", "169.254.169.254")
            .with("other.example.com", "151.101.1.69")
            .with("local.test", "192.168.1.20");
    private final ScriptedWebhookTransport transport = new ScriptedWebhookTransport();
    private final WebhookService service = new WebhookService(store, store, ledger, hosts,
            new AddressPolicy(List.of(Cidr.parse("192.168.1.0/24"))), new FakeWebhookPayloads(), transport, clock,
            new Random(50));

    private CapturedLog log;

    @BeforeEach
    void captureLog() {
        log = CapturedLog.of(WebhookService.class);
    }

    @AfterEach
    void neverASecretOrAUrlInTheLog() {
        log.close();
        for (String line : log.lines()) {
            assertFalse(line.contains("whsec_"), line);
            assertFalse(line.contains("token=abc"), line);
        }
    }

    private static CreateWebhookCommand command(String url) {
        return new CreateWebhookCommand(url, List.of("inventory.count.updated"), "stock to the shop");
    }

    private CreatedWebhook created() {
        return service.create(command(SHOP));
    }

    private static UpdateWebhookCommand url(String url) {
        return new UpdateWebhookCommand(Optional.of(url), Optional.empty(), Optional.empty(), Optional.empty());
    }

    private static UpdateWebhookCommand enabled(boolean enabled) {
        return new UpdateWebhookCommand(Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(enabled));
    }

    private static UpdateWebhookCommand description(String description) {
        return new UpdateWebhookCommand(Optional.empty(), Optional.empty(), Optional.of(description),
                Optional.empty());
    }

    /** Claims the webhook as a deliverer would, forms a delivery of the changes after its cursor, and answers it. */
    private PendingDelivery pendingDeliveryOf(WebhookId id, long lastChangeId) {
        Lease lease = store.claim(OWNER, 10).stream().filter(claimed -> claimed.id().equals(id)).findFirst()
                .orElseThrow();
        long cursor = store.find(id).orElseThrow().cursor();
        FormedDelivery delivery = new FormedDelivery("msg_pending" + cursor, "inventory.count.updated", cursor,
                cursor + 1, lastChangeId, "body".getBytes(StandardCharsets.UTF_8), NOW);
        assertTrue(store.form(lease, cursor, delivery));
        return new PendingDelivery(delivery, 0, delivery.formedAt());
    }

    /** Fails the pending delivery so that the webhook is disabled, as the dispatcher does. */
    private void disabledByTheDeliverer(WebhookId id) {
        PendingDelivery pending = pendingDeliveryOf(id, store.find(id).orElseThrow().cursor() + 1);
        Lease lease = new Lease(id, store.fence(id));
        assertTrue(store.recordFailure(lease, pending, new AttemptRecord(1, NOW, ScriptedWebhookTransport.status(410)),
                null, GONE));
    }

    // ---- create

    @Test
    void aNewWebhookIsEnabledWithANewSecretAndGetsTheChangesMadeAfterIt() {
        ledger.append(41);

        CreatedWebhook created = created();

        Webhook webhook = created.webhook();
        assertAll(
                () -> assertTrue(webhook.id().value().matches("whk-[0-9a-f]{12}"), webhook.id().value()),
                () -> assertEquals(WebhookUrl.parse(SHOP), webhook.url()),
                () -> assertEquals(java.util.Set.of(EventType.INVENTORY_COUNT_UPDATED), webhook.events()),
                () -> assertEquals("stock to the shop", webhook.description()),
                () -> assertTrue(webhook.enabled()),
                () -> assertNull(webhook.disabledReason()),
                () -> assertEquals(NOW, webhook.createdAt()),
                () -> assertEquals(41, webhook.cursor(), "the ledger's newest change when it was created"),
                () -> assertNull(webhook.lastFailure()),
                () -> assertTrue(created.secret().text().startsWith("whsec_")),
                () -> assertEquals(32, created.secret().key().length),
                () -> assertEquals(Optional.of(webhook), store.find(webhook.id())),
                () -> assertEquals(Optional.of(SigningSecrets.of(created.secret())), store.secretsOf(webhook.id())),
                () -> assertEquals(0, store.fence(webhook.id())),
                () -> assertEquals(List.of("shop.example.com"), hosts.lookups()));
    }

    @Test
    void eachWebhookHasItsOwnIdAndSecret() {
        CreatedWebhook first = created();
        clock.advance(Duration.ofMillis(1));
        CreatedWebhook second = created();

        assertNotEquals(first.webhook().id(), second.webhook().id());
        assertNotEquals(first.secret(), second.secret());
        assertEquals(List.of(first.webhook(), second.webhook()), service.list());
    }

    @Test
    void aHostWithOneRefusedAddressIsRefusedAndNothingIsStored() {
        AddressRefusedException refused = assertThrows(AddressRefusedException.class,
                () -> service.create(command("https://mixed.example.com/hook")));

        assertTrue(refused.getMessage().contains("10.0.0.7"), refused.getMessage());
        assertTrue(refused.getMessage().contains("private"), refused.getMessage());
        assertThrows(AddressRefusedException.class,
                () -> service.create(command("https://metadata.example.com/latest")));
        assertEquals(List.of(), service.list());
    }

    @Test
    void plainHttpGoesOnlyIntoAnAdmittedNetwork() {
        assertThrows(AddressRefusedException.class, () -> service.create(command("http://shop.example.com/hook")));
        assertEquals(List.of(), service.list());

        Webhook local = service.create(command("http://local.test:8080/hook")).webhook();

        assertEquals(List.of(local), service.list());
    }

    @Test
    void aHostThatDoesNotResolveIsRefusedWithTheFix() {
        InvalidWebhookRequestException refused = assertThrows(InvalidWebhookRequestException.class,
                () -> service.create(command("https://nowhere.example.com/hook")));

        assertTrue(refused.getMessage().contains("nowhere.example.com"), refused.getMessage());
        assertEquals(List.of(), service.list());
    }

    // ---- list, find

    @Test
    void webhooksAreListedOldestFirstAndFoundById() {
        Webhook first = created().webhook();
        clock.advance(Duration.ofSeconds(1));
        Webhook second = service.create(command("https://other.example.com/")).webhook();

        assertEquals(List.of(first, second), service.list());
        assertEquals(second, service.find(second.id()));
        assertThrows(WebhookNotFoundException.class, () -> service.find(UNKNOWN));
    }

    // ---- update

    @Test
    void aDescriptionOrEventsChangeLeavesTheDelivererAlone() {
        Webhook webhook = created().webhook();
        long fence = store.fence(webhook.id());

        Webhook described = service.update(webhook.id(), description("to the warehouse"));
        Webhook undescribed = service.update(webhook.id(), description(" "));
        Webhook same = service.update(webhook.id(), new UpdateWebhookCommand(Optional.empty(),
                Optional.of(List.of("inventory.count.updated")), Optional.empty(), Optional.empty()));

        assertEquals("to the warehouse", described.description());
        assertNull(undescribed.description());
        assertEquals(undescribed, same);
        assertEquals(fence, store.fence(webhook.id()), "no redirection: the fence stays");
        assertEquals(List.of("shop.example.com"), hosts.lookups(), "no new URL: nothing resolved");
    }

    @Test
    void aNewUrlIsCheckedAndTakesTheWebhookFromItsDeliverer() {
        Webhook webhook = created().webhook();
        store.claim(OWNER, 1);
        long fence = store.fence(webhook.id());

        Webhook moved = service.update(webhook.id(), url("https://other.example.com/stock"));

        assertEquals(WebhookUrl.parse("https://other.example.com/stock"), moved.url());
        assertEquals(moved, service.find(webhook.id()));
        assertEquals(fence + 1, store.fence(webhook.id()));
        assertEquals(Optional.empty(), store.leaseOwner(webhook.id()), "the lease is freed");
        assertEquals(List.of("shop.example.com", "other.example.com"), hosts.lookups());
    }

    @Test
    void aRefusedNewUrlChangesNothing() {
        Webhook webhook = created().webhook();

        assertThrows(AddressRefusedException.class,
                () -> service.update(webhook.id(), url("https://mixed.example.com/")));
        assertThrows(InvalidWebhookRequestException.class,
                () -> service.update(webhook.id(), url("https://nowhere.example.com/")));

        assertEquals(webhook, service.find(webhook.id()));
        assertEquals(0, store.fence(webhook.id()));
    }

    @Test
    void disablingTakesTheWebhookFromItsDelivererAndEnablingResumesFromTheCursorWithAttemptsAfresh() {
        ledger.append(5);
        Webhook webhook = created().webhook();
        ledger.append(3);
        disabledByTheDeliverer(webhook.id());
        assertEquals(GONE, service.find(webhook.id()).disabledReason());
        long fence = store.fence(webhook.id());

        Webhook enabled = service.update(webhook.id(), enabled(true));

        assertTrue(enabled.enabled());
        assertNull(enabled.disabledReason());
        assertEquals(5, enabled.cursor(), "nothing skipped");
        assertEquals(fence + 1, store.fence(webhook.id()));
        PendingDelivery pending = store.pending(webhook.id()).orElseThrow();
        assertEquals(0, pending.attempts(), "the pending delivery starts again from its first attempt");

        Webhook disabled = service.update(webhook.id(), enabled(false));

        assertFalse(disabled.enabled());
        assertNull(disabled.disabledReason(), "an administrator gives no reason");
        assertEquals(fence + 2, store.fence(webhook.id()));
        assertEquals(disabled, service.update(webhook.id(), enabled(false)), "disabling twice changes nothing");
    }

    @Test
    void reEnablingAWebhookWhoseCursorRetentionOvertookIsRefusedAs410() {
        ledger.append(5);
        Webhook webhook = created().webhook();
        service.update(webhook.id(), enabled(false));
        ledger.append(10);
        ledger.removeThrough(8);

        ExpiredChangeCursorException expired = assertThrows(ExpiredChangeCursorException.class,
                () -> service.update(webhook.id(), enabled(true)));

        assertEquals(5, expired.cursor());
        assertEquals(15, expired.newestChangeId());
        assertFalse(service.find(webhook.id()).enabled(), "still disabled");
        service.replay(webhook.id(), 8);
        assertTrue(service.update(webhook.id(), enabled(true)).enabled(), "after a replay from a kept change");
    }

    @Test
    void anEnabledWebhookIsChangedWhateverRetentionDid() {
        ledger.append(5);
        Webhook webhook = created().webhook();
        ledger.append(10);
        ledger.removeThrough(8);

        assertTrue(service.update(webhook.id(), enabled(true)).enabled());
        assertEquals("x", service.update(webhook.id(), description("x")).description());
    }

    @Test
    void anUnknownWebhookCannotBeChanged() {
        assertThrows(WebhookNotFoundException.class, () -> service.update(UNKNOWN, description("x")));
        assertThrows(WebhookNotFoundException.class, () -> service.update(UNKNOWN, url(SHOP)));
        assertEquals(List.of(), hosts.lookups(), "an unknown id is found out before any look-up");
    }

    // ---- delete

    @Test
    void aDeletedWebhookIsGoneWithItsLog() {
        Webhook webhook = created().webhook();
        service.sendTest(webhook.id());

        service.delete(webhook.id());

        assertThrows(WebhookNotFoundException.class, () -> service.find(webhook.id()));
        assertEquals(List.of(), store.log());
        assertThrows(WebhookNotFoundException.class, () -> service.delete(webhook.id()));
    }

    // ---- rotate

    @Test
    void aRotatedSecretSignsBesideTheNewOneFor24Hours() {
        CreatedWebhook created = created();
        WebhookId id = created.webhook().id();

        RotatedWebhookSecret rotated = service.rotateSecret(id);

        assertNotEquals(created.secret(), rotated.secret());
        assertEquals(NOW.plus(ManageWebhooksUseCase.ROTATION_OVERLAP), rotated.previousValidUntil());
        SigningSecrets secrets = store.secretsOf(id).orElseThrow();
        assertEquals(List.of(rotated.secret(), created.secret()), secrets.at(NOW.plus(Duration.ofHours(23))));
        assertEquals(List.of(rotated.secret()), secrets.at(NOW.plus(Duration.ofHours(24))));
        assertEquals(0, store.fence(id), "a rotation takes nothing from the deliverer");
    }

    @Test
    void aSecondRotationStopsTheFirstSecretAtOnce() {
        CreatedWebhook created = created();
        WebhookId id = created.webhook().id();
        RotatedWebhookSecret first = service.rotateSecret(id);
        clock.advance(Duration.ofHours(1));

        RotatedWebhookSecret second = service.rotateSecret(id);

        assertEquals(List.of(second.secret(), first.secret()), store.secretsOf(id).orElseThrow()
                .at(clock.instant()));
        assertThrows(WebhookNotFoundException.class, () -> service.rotateSecret(UNKNOWN));
    }

    // ---- replay

    @Test
    void aReplayMovesTheCursorBackDropsThePendingDeliveryAndTakesTheWebhookFromItsDeliverer() {
        ledger.append(20);
        Webhook webhook = created().webhook();
        ledger.append(10);
        PendingDelivery pending = pendingDeliveryOf(webhook.id(), 30);
        long fence = store.fence(webhook.id());

        Webhook replayed = service.replay(webhook.id(), 7);

        assertEquals(7, replayed.cursor());
        assertEquals(replayed, service.find(webhook.id()));
        assertEquals(Optional.empty(), store.pending(webhook.id()));
        assertEquals(Optional.of(DeliveryState.SUPERSEDED), store.deliveryState(pending.delivery().id()));
        assertEquals(fence + 1, store.fence(webhook.id()));
        assertEquals(Optional.empty(), store.leaseOwner(webhook.id()));
        assertEquals(30, service.replay(webhook.id(), 30).cursor(), "up to the newest change");
        assertEquals(0, service.replay(webhook.id(), 0).cursor(), "from the first change");
    }

    @Test
    void aDisabledWebhookStaysDisabledWhenReplayed() {
        ledger.append(3);
        Webhook webhook = created().webhook();
        service.update(webhook.id(), enabled(false));

        Webhook replayed = service.replay(webhook.id(), 1);

        assertFalse(replayed.enabled());
        assertEquals(1, replayed.cursor());
    }

    @Test
    void aReplayNeedsAChangeIdTheLedgerKeeps() {
        ledger.append(10);
        Webhook webhook = created().webhook();
        ledger.removeThrough(4);

        assertThrows(InvalidWebhookRequestException.class, () -> service.replay(webhook.id(), -1));
        InvalidWebhookRequestException beyond = assertThrows(InvalidWebhookRequestException.class,
                () -> service.replay(webhook.id(), 11));
        assertTrue(beyond.getMessage().contains("10"), beyond.getMessage());
        ExpiredChangeCursorException expired = assertThrows(ExpiredChangeCursorException.class,
                () -> service.replay(webhook.id(), 3));
        assertEquals(3, expired.cursor());
        assertEquals(10, expired.newestChangeId());
        assertEquals(4, service.replay(webhook.id(), 4).cursor());
        assertThrows(WebhookNotFoundException.class, () -> service.replay(UNKNOWN, 5));
    }

    // ---- deliveries

    @Test
    void theLogIsReadNewestFirstByPagesWithoutTheReceiversAnswers() {
        Webhook webhook = created().webhook();
        Webhook other = service.create(command("https://other.example.com/")).webhook();
        transport.answerInTurn(ScriptedWebhookTransport.status(500), ScriptedWebhookTransport.ok(),
                ScriptedWebhookTransport.ok(), AttemptResult.failed(DeliveryError.TIMEOUT, Duration.ofSeconds(10)));
        service.sendTest(webhook.id());
        service.sendTest(other.id());
        service.sendTest(webhook.id());
        service.sendTest(webhook.id());

        List<DeliveryAttemptView> newest = service.deliveries(webhook.id(), Long.MAX_VALUE, 2);

        assertEquals(2, newest.size());
        DeliveryAttemptView last = newest.getFirst();
        assertAll(
                () -> assertEquals(webhook.id(), last.webhookId()),
                () -> assertNull(last.status()),
                () -> assertEquals(DeliveryError.TIMEOUT, last.error()),
                () -> assertEquals(Duration.ofSeconds(10), last.duration()),
                () -> assertEquals(1, last.attempt()),
                () -> assertNull(last.firstChangeId()),
                () -> assertNull(last.lastChangeId()),
                () -> assertEquals(NOW, last.at()),
                () -> assertEquals(204, newest.get(1).status()));
        List<DeliveryAttemptView> older = service.deliveries(webhook.id(), newest.get(1).attemptId(), 2);
        assertEquals(1, older.size());
        assertEquals(500, older.getFirst().status());
        assertEquals(List.of(), service.deliveries(webhook.id(), older.getFirst().attemptId(), 100));
        assertEquals(1, service.deliveries(other.id(), Long.MAX_VALUE, 100).size());
        assertTrue(store.log().stream().anyMatch(attempt -> "answer 500".equals(attempt.record().result().excerpt())),
                "the store keeps the excerpt; the view has no place for it");
    }

    @Test
    void theLogOfAnUnknownWebhookIsNotFoundAndItsLimitIsFrom1To100() {
        Webhook webhook = created().webhook();

        assertThrows(WebhookNotFoundException.class, () -> service.deliveries(UNKNOWN, Long.MAX_VALUE, 10));
        assertThrows(IllegalArgumentException.class, () -> service.deliveries(webhook.id(), Long.MAX_VALUE, 0));
        assertThrows(IllegalArgumentException.class, () -> service.deliveries(webhook.id(), Long.MAX_VALUE, 101));
        assertEquals(List.of(), service.deliveries(webhook.id(), Long.MAX_VALUE, 100));
    }

    // ---- test deliveries

    @Test
    void aTestDeliveryIsSignedWithTheCurrentSecretsSentOnceAndLoggedWithoutMovingAnything() {
        ledger.append(4);
        CreatedWebhook created = created();
        WebhookId id = created.webhook().id();
        RotatedWebhookSecret rotated = service.rotateSecret(id);
        transport.answerInTurn(ScriptedWebhookTransport.status(503, Duration.ofSeconds(30)));

        AttemptResult result = service.sendTest(id);

        assertEquals(503, result.status());
        List<ScriptedWebhookTransport.Received> received = transport.received();
        assertEquals(1, received.size(), "never retried");
        OutgoingWebhook message = received.getFirst().message();
        assertAll(
                () -> assertEquals(WebhookUrl.parse(SHOP), message.url()),
                () -> assertTrue(message.messageId().matches("msg_[A-Za-z0-9_-]{22}"), message.messageId()),
                () -> assertArrayEquals(("webhook.test webhook=" + id + " at=" + NOW)
                        .getBytes(StandardCharsets.UTF_8), message.body()),
                () -> assertEquals(List.of(rotated.secret(), created.secret()), message.secrets()),
                () -> assertEquals(NOW, message.attemptAt()));
        Webhook after = service.find(id);
        assertEquals(4, after.cursor());
        assertNull(after.lastFailure(), "a test is not the webhook's failure");
        assertEquals(Optional.empty(), store.pending(id));
        DeliveryAttemptView logged = service.deliveries(id, Long.MAX_VALUE, 10).getFirst();
        assertEquals(message.messageId(), logged.deliveryId());
        assertEquals(503, logged.status());
    }

    @Test
    void aDisabledWebhookCanBeTestedAndAnUnknownOneCannot() {
        Webhook webhook = created().webhook();
        service.update(webhook.id(), enabled(false));

        assertEquals(204, service.sendTest(webhook.id()).status());
        assertThrows(WebhookNotFoundException.class, () -> service.sendTest(UNKNOWN));
        assertEquals(1, transport.received().size());
    }

    @Test
    void aRefusedAddressAtSendingIsTheTransportsAnswer() {
        Webhook webhook = created().webhook();
        transport.answerInTurn(AttemptResult.failed(DeliveryError.ADDRESS_REFUSED, Duration.ofMillis(2)));

        assertEquals(DeliveryError.ADDRESS_REFUSED, service.sendTest(webhook.id()).error());
        assertEquals(DeliveryError.ADDRESS_REFUSED,
                service.deliveries(webhook.id(), Long.MAX_VALUE, 1).getFirst().error());
    }

    @Test
    void theSecretIsNeverInTheLog() {
        CreatedWebhook created = created();
        RotatedWebhookSecret rotated = service.rotateSecret(created.webhook().id());
        service.update(created.webhook().id(), url("https://other.example.com/x?token=abc"));
        service.sendTest(created.webhook().id());

        List<String> logged = log.lines();
        assertEquals(4, logged.size(), String.join("\n", logged));
        for (String line : logged) {
            assertFalse(line.contains(created.secret().text().substring(6, 20)), line);
            assertFalse(line.contains(rotated.secret().text().substring(6, 20)), line);
        }
        assertNotEquals(WebhookSecret.parse(created.secret().text()), rotated.secret());
    }
}
