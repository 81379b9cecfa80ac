package org.petstore.inventory.adapter.http.ledger;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import io.micronaut.http.sse.Event;
import io.micronaut.json.JsonMapper;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import org.petstore.inventory.application.port.inbound.ReadStockChangesUseCase;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.StockChange;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;

/**
 * The live streams of the stock ledger's feed ({@code GET /v1/inventory/changes} with
 * {@code Accept: text/event-stream}) on this instance. One thread reads the ledger for all of them: every
 * {@code petstore.ledger.stream-poll-interval} (250 ms), and at once again while a read filled a page, it reads the
 * changes after each distinct cursor of the streams that can take more (streams that are caught up share one read)
 * and sends each its changes in order, as many as its client asked for, keeping the rest of the page for it (a
 * stream that catches up reads each page once, not once per event it is asked for). So a change committed through any
 * instance on the database reaches every stream here within about the interval plus a read. A stream opens with a
 * comment line; one that has had nothing for {@code petstore.ledger.stream-heartbeat} (10 s) gets a comment line,
 * which keeps proxies from closing it. A stream whose cursor retention overtook ends; the client's reconnection with
 * {@code Last-Event-ID} is then answered 410.
 */
@Singleton
final class StockChangeFollowers {

    private static final Logger LOG = LoggerFactory.getLogger(StockChangeFollowers.class);
    private static final int PAGE = 500;

    /**
     * {@code petstore.ledger}: how the live streams are served.
     *
     * @param streamPollInterval how often the ledger is read for the streams
     * @param streamHeartbeat    a stream that had nothing for this long gets a comment line
     */
    @ConfigurationProperties("petstore.ledger")
    record Configuration(@Bindable(defaultValue = "250ms") Duration streamPollInterval,
                         @Bindable(defaultValue = "10s") Duration streamHeartbeat) {
    }

    /** A change read for a stream and not sent yet: its id, and its event. */
    private record Pending(long changeId, Event<?> event) {
    }

    /**
     * One open stream: where it is in the ledger (the last change sent), what was read for it and not sent yet
     * (its client asked for less than a page), and its client's connection. Only the reader thread changes it.
     */
    private static final class Follower {
        private final FluxSink<Event<?>> sink;
        private final ArrayDeque<Pending> pending = new ArrayDeque<>();
        private volatile long cursor;
        private volatile long lastSentNanos = System.nanoTime();

        Follower(long cursor, FluxSink<Event<?>> sink) {
            this.cursor = cursor;
            this.sink = sink;
        }
    }

    private final ReadStockChangesUseCase changes;
    private final JsonMapper json;
    private final long pollNanos;
    private final long heartbeatNanos;
    private final Set<Follower> followers = ConcurrentHashMap.newKeySet();
    private final Object start = new Object();
    private volatile Thread reader;
    private volatile boolean closed;

    StockChangeFollowers(ReadStockChangesUseCase changes, JsonMapper json, Configuration configuration) {
        this.changes = changes;
        this.json = json;
        this.pollNanos = configuration.streamPollInterval().toNanos();
        this.heartbeatNanos = configuration.streamHeartbeat().toNanos();
    }

    /**
     * A stream of the changes after {@code cursor}, each an event whose id is its changeId and data its JSON. It opens
     * with a comment line, so that the client has the response at once, before any change.
     */
    Publisher<Event<?>> follow(long cursor) {
        Event<?> opening = Event.of("").comment("the changes after " + cursor);
        return Flux.concat(Flux.just(opening), Flux.create(sink -> {
            Follower follower = new Follower(cursor, sink);
            sink.onDispose(() -> followers.remove(follower));
            sink.onRequest(demand -> wake());
            followers.add(follower);
            startReader();
        }, FluxSink.OverflowStrategy.ERROR));
    }

    private void startReader() {
        synchronized (start) {
            if (reader == null && !closed) {
                reader = Thread.ofVirtual().name("stock-ledger-streams").start(this::readWhileFollowed);
            }
        }
    }

    private void wake() {
        Thread thread = reader;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    private void readWhileFollowed() {
        while (!closed) {
            boolean more = false;
            try {
                more = readOnce();
            } catch (StorageUnavailableException e) {
                LOG.warn("The stock ledger could not be read for its {} stream(s) now: {}", followers.size(),
                        e.getMessage());
            } catch (RuntimeException e) {
                LOG.error("The stock ledger's streams could not be served", e);
            }
            if (!more) {
                LockSupport.parkNanos(pollNanos);
            }
        }
    }

    /**
     * Sends every stream that can take more what was read for it before; then one read for every group of streams at
     * one cursor that can take more and has nothing left to send; whether a page came back full.
     */
    private boolean readOnce() {
        Map<Long, List<Follower>> byCursor = new HashMap<>();
        long now = System.nanoTime();
        for (Follower follower : followers) {
            if (follower.sink.requestedFromDownstream() > 0) {
                sendPending(follower);
                if (follower.pending.isEmpty() && follower.sink.requestedFromDownstream() > 0) {
                    byCursor.computeIfAbsent(follower.cursor, cursor -> new ArrayList<>()).add(follower);
                }
            }
        }
        boolean full = false;
        for (Map.Entry<Long, List<Follower>> group : byCursor.entrySet()) {
            List<StockChange> page;
            try {
                page = changes.changesAfter(group.getKey(), PAGE);
            } catch (ExpiredChangeCursorException expired) {
                group.getValue().forEach(follower -> follower.sink.complete());
                continue;
            }
            full |= page.size() == PAGE;
            List<Pending> events = events(page);
            for (Follower follower : group.getValue()) {
                follower.pending.addAll(events);
                sendPending(follower);
            }
        }
        for (Follower follower : followers) {
            if (now - follower.lastSentNanos >= heartbeatNanos && follower.sink.requestedFromDownstream() > 0) {
                follower.lastSentNanos = now;
                follower.sink.next(Event.of("").comment("heartbeat"));
            }
        }
        return full;
    }

    /**
     * The page's changes as events, each encoded by serde once for every stream that gets it: its id the changeId,
     * its data the change's JSON.
     */
    private List<Pending> events(List<StockChange> page) {
        List<Pending> events = new ArrayList<>(page.size());
        for (StockChange change : page) {
            String data;
            try {
                data = json.writeValueAsString(StockChangeResponse.of(change));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            events.add(new Pending(change.changeId(), Event.of(data).id(Long.toString(change.changeId()))));
        }
        return events;
    }

    /** Sends what was read for the stream, in order, as much as its client asks for. */
    private static void sendPending(Follower follower) {
        while (!follower.pending.isEmpty() && follower.sink.requestedFromDownstream() > 0
                && !follower.sink.isCancelled()) {
            Pending next = follower.pending.poll();
            follower.sink.next(next.event());
            follower.cursor = next.changeId();
            follower.lastSentNanos = System.nanoTime();
        }
    }

    /** Every stream ends when the service stops. */
    @PreDestroy
    void close() {
        closed = true;
        wake();
        followers.forEach(follower -> follower.sink.complete());
    }
}
