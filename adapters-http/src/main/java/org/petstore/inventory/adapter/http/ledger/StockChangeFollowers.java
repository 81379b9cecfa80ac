package org.petstore.inventory.adapter.http.ledger;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.core.bind.annotation.Bindable;
import io.micronaut.http.sse.Event;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.graceful.GracefulShutdownCapable;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.petstore.inventory.adapter.http.drain.DrainStarted;
import org.petstore.inventory.application.port.inbound.ReadStockChangesUseCase;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.StockChange;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.scheduler.Schedulers;

/**
 * The live streams of the stock ledger's feed ({@code GET /v1/inventory/changes} with
 * {@code Accept: text/event-stream}) on this instance. One thread reads the ledger for all of them: every
 * {@code petstore.ledger.stream-poll-interval} (250 ms), and at once again while a read filled a page, it reads the
 * changes after each distinct cursor of the streams that have room (streams that are caught up share one read) and
 * hands each stream its changes in order, so a change committed through any instance on the database reaches every
 * stream here within about the interval plus a read. A stream's events wait in its own queue, which Micronaut empties
 * on the connection's event loop as fast as the connection takes them, without a trip to the reader thread for each; a
 * stream has room for another page while no more than {@link #REFILL} events wait there, so one catching up from the
 * first of a million changes holds at most a page and a half. A stream whose cursor retention overtook ends (its
 * reconnection with {@code Last-Event-ID} is answered 410); when the service starts shutting down, every stream ends
 * with a line that tells its client to reconnect, elsewhere.
 */
@Singleton
final class StockChangeFollowers implements ApplicationEventListener<DrainStarted>, GracefulShutdownCapable {

    private static final Logger LOG = LoggerFactory.getLogger(StockChangeFollowers.class);
    private static final int PAGE = 500;
    /** A stream gets the next page once no more than this many of its events wait to be handed to Micronaut. */
    private static final int REFILL = PAGE / 2;
    /** How many of a stream's events wait on its connection's event loop for Micronaut to ask for them, at most. */
    private static final int PREFETCH = 128;
    private static final String FAREWELL = "the service is shutting down: reconnect with Last-Event-ID to resume";

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

    /**
     * One open stream: where it is in the ledger (the last change handed to it), how many events were handed to it and
     * how many its client asked for (the difference waits in the sink's queue), and its client's connection. The
     * reader thread hands it events; Micronaut asks for them on the connection's event loop.
     */
    private final class Follower {
        private final FluxSink<Event<?>> sink;
        private final AtomicLong requested = new AtomicLong();
        private volatile long handed;
        private volatile boolean awaitingRoom;
        private long cursor;
        private long lastHandedNanos = System.nanoTime();

        Follower(long cursor, FluxSink<Event<?>> sink) {
            this.cursor = cursor;
            this.sink = sink;
        }

        /** How many events handed to the stream its client has not asked for yet. */
        long waiting() {
            return handed - requested.get();
        }

        /** Whether the stream can take another page; if not, the reader is woken when it can. */
        boolean hasRoom() {
            awaitingRoom = true;
            if (waiting() <= REFILL) {
                awaitingRoom = false;
                return true;
            }
            return false;
        }

        /** The client asked for {@code n} more events (Micronaut asks as the connection takes them). */
        void requested(long n) {
            requested.accumulateAndGet(n, (total, more) -> total + more < total ? Long.MAX_VALUE : total + more);
            if (awaitingRoom && waiting() <= REFILL) {
                awaitingRoom = false;
                wake();
            }
        }

        void hand(Event<?> event) {
            handed++;
            lastHandedNanos = System.nanoTime();
            sink.next(event);
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
     * with a comment line, so that the client has the response at once, before any change. Its events are handed to
     * Micronaut on {@code connection}, the connection's event loop: Micronaut then asks for the next once the last was
     * written to a connection that can take more, so a client that reads slowly holds the stream back instead of
     * making the server buffer it. (Handed to Micronaut from another thread, the next is asked for before the last is
     * written, and a stream catching up would fill the memory with events its client has not read.)
     */
    Publisher<Event<?>> follow(long cursor, Executor connection) {
        Event<?> opening = Event.of("").comment("the changes after " + cursor);
        return Flux.concat(Flux.just(opening), Flux.<Event<?>>create(sink -> {
            Follower follower = new Follower(cursor, sink);
            sink.onDispose(() -> followers.remove(follower));
            sink.onRequest(follower::requested);
            followers.add(follower);
            if (closed) {
                end(follower);
                return;
            }
            startReader();
            wake();
        }, FluxSink.OverflowStrategy.BUFFER)).publishOn(Schedulers.fromExecutor(connection), PREFETCH);
    }

    /** The drain has started: every stream ends now, while the service still answers its client's reconnection. */
    @Override
    public void onApplicationEvent(DrainStarted event) {
        endAll();
    }

    /** Where the service stops without a drain (Ctrl-C), the streams end before their connections close. */
    @Override
    public CompletionStage<?> shutdownGracefully() {
        endAll();
        return CompletableFuture.completedFuture(null);
    }

    private void endAll() {
        closed = true;
        wake();
        followers.forEach(this::end);
    }

    /** The stream's last line tells its client to reconnect; then its body ends. */
    private void end(Follower follower) {
        followers.remove(follower);
        follower.sink.next(Event.of("").comment(FAREWELL));
        follower.sink.complete();
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

    /**
     * Reads for the streams until the service stops. Should the thread fail (an {@link Error}), every open stream ends
     * with it, so that its client resumes with {@code Last-Event-ID} (and starts a new reader) instead of waiting for
     * events that no one reads any more.
     */
    private void readWhileFollowed() {
        try {
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
                heartbeats();
                if (!more) {
                    LockSupport.parkNanos(pollNanos);
                }
            }
        } catch (Error e) {
            LOG.error("The stock ledger's streams failed; their {} client(s) must resume", followers.size(), e);
            synchronized (start) {
                reader = null;
            }
            followers.forEach(follower -> follower.sink.error(e));
            throw e;
        }
    }

    /**
     * One read for every group of streams at one cursor that have room, each stream handed the page's changes; whether
     * a page came back full.
     */
    private boolean readOnce() {
        Map<Long, List<Follower>> byCursor = new HashMap<>();
        for (Follower follower : followers) {
            if (!follower.sink.isCancelled() && follower.hasRoom()) {
                byCursor.computeIfAbsent(follower.cursor, cursor -> new ArrayList<>()).add(follower);
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
            if (page.isEmpty()) {
                continue;
            }
            full |= page.size() == PAGE;
            List<Event<?>> events = events(page);
            long last = page.getLast().changeId();
            for (Follower follower : group.getValue()) {
                events.forEach(follower::hand);
                follower.cursor = last;
            }
        }
        return full;
    }

    /**
     * A heartbeat for every stream that had nothing for the heartbeat interval and has nothing waiting, also while the
     * ledger cannot be read: so its connection is not idle, and neither Micronaut's idle timeout nor a proxy closes it
     * before the ledger answers again.
     */
    private void heartbeats() {
        long now = System.nanoTime();
        for (Follower follower : followers) {
            if (now - follower.lastHandedNanos >= heartbeatNanos && follower.waiting() <= 0) {
                follower.hand(Event.of("").comment("heartbeat"));
            }
        }
    }

    /**
     * The page's changes as events, each encoded by serde once for every stream that gets it: its id the changeId,
     * its data the change's JSON.
     */
    private List<Event<?>> events(List<StockChange> page) {
        List<Event<?>> events = new ArrayList<>(page.size());
        for (StockChange change : page) {
            String data;
            try {
                data = json.writeValueAsString(StockChangeResponse.of(change));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            events.add(Event.of(data).id(Long.toString(change.changeId())));
        }
        return events;
    }

    /** The reader stops with the application context; the streams have ended before (see {@link #endAll()}). */
    @PreDestroy
    void close() {
        endAll();
    }
}
