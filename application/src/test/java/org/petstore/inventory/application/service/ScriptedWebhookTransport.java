package org.petstore.inventory.application.service;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.petstore.inventory.application.port.outbound.OutgoingWebhook;
import org.petstore.inventory.application.port.outbound.WebhookTransport;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.DeliveryError;

/**
 * The receivers, as a test scripts them: every message sent is kept as it arrived (and which instance sent it), and
 * answered by the script: 204 unless a test says otherwise. A host can be held, so that its receiver answers only
 * when the test lets it (a slow receiver). Thread-safe.
 */
final class ScriptedWebhookTransport implements WebhookTransport {

    /** One message as a receiver got it. */
    record Received(String instance, OutgoingWebhook message) {

        FakeWebhookPayloads.Changes changes() {
            return FakeWebhookPayloads.read(message.body());
        }
    }

    private final List<Received> received = new ArrayList<>();
    private final Deque<AttemptResult> inTurn = new ArrayDeque<>();
    private final Map<String, CountDownLatch> held = new ConcurrentHashMap<>();
    private volatile Function<OutgoingWebhook, AttemptResult> script = message -> ok();

    static AttemptResult ok() {
        return AttemptResult.answered(204, Duration.ofMillis(3), null, null);
    }

    static AttemptResult status(int status) {
        return AttemptResult.answered(status, Duration.ofMillis(5), null, "answer " + status);
    }

    static AttemptResult status(int status, Duration retryAfter) {
        return AttemptResult.answered(status, Duration.ofMillis(5), retryAfter, "answer " + status);
    }

    /** Every message is answered by {@code script} from now on (after the answers given in turn). */
    void answer(Function<OutgoingWebhook, AttemptResult> script) {
        this.script = script;
    }

    /** The next messages are answered with these, one each, before the script answers again. */
    synchronized void answerInTurn(AttemptResult... results) {
        inTurn.addAll(List.of(results));
    }

    /** Messages to {@code host} wait for {@link #letGo} before they are answered. */
    void hold(String host) {
        held.put(host, new CountDownLatch(1));
    }

    void letGo(String host) {
        CountDownLatch latch = held.remove(host);
        if (latch != null) {
            latch.countDown();
        }
    }

    /** This transport, as one instance uses it: what it sends is marked as that instance's. */
    WebhookTransport as(String instance) {
        return message -> send(instance, message);
    }

    synchronized List<Received> received() {
        return List.copyOf(received);
    }

    /** The messages sent to {@code host}, in arrival order. */
    synchronized List<Received> receivedBy(String host) {
        return received.stream().filter(got -> got.message().url().host().equals(host)).toList();
    }

    @Override
    public AttemptResult send(OutgoingWebhook message) {
        return send("-", message);
    }

    private AttemptResult send(String instance, OutgoingWebhook message) {
        AttemptResult answer;
        synchronized (this) {
            received.add(new Received(instance, message));
            answer = inTurn.poll();
        }
        CountDownLatch latch = held.get(message.url().host());
        if (latch != null) {
            try {
                if (!latch.await(10, TimeUnit.SECONDS)) {
                    return AttemptResult.failed(DeliveryError.TIMEOUT,
                            Duration.ofSeconds(10));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return AttemptResult.failed(DeliveryError.NETWORK,
                        Duration.ZERO);
            }
        }
        return answer != null ? answer : script.apply(message);
    }
}
