package org.petstore.inventory.adapter.http.inventory;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The body of a list too long for one buffer: the chunk already read, then the rest of the entries, read on a
 * blocking thread only when the server asks for the next chunk. The server asks once the previous bytes were written
 * to a writable connection, so a slow client never makes it buffer the list.
 *
 * <p>The entries' stream is closed at the end, when the client goes away (at once, or as soon as a read in flight
 * returns) and when reading fails. A failure after the first chunk can only be signalled by aborting the connection
 * (the server logs it once): the client then never sees a complete array, never a shorter list.
 */
final class StreamedInventory implements Publisher<ByteBuf> {

    private static final Logger LOG = LoggerFactory.getLogger(StreamedInventory.class);

    private final InventoryChunks chunks;
    private final Executor reader;
    private final Executor signals;
    private final ByteBufAllocator allocator;
    private final AtomicBoolean subscribed = new AtomicBoolean();
    private ByteBuf firstChunk;

    /**
     * @param reader  where chunks are read: a thread that may block
     * @param signals where the subscriber is called: the connection's event loop
     */
    StreamedInventory(ByteBuf firstChunk, InventoryChunks chunks, Executor reader, Executor signals,
            ByteBufAllocator allocator) {
        this.firstChunk = firstChunk;
        this.chunks = chunks;
        this.reader = reader;
        this.signals = signals;
        this.allocator = allocator;
    }

    @Override
    public void subscribe(Subscriber<? super ByteBuf> subscriber) {
        Objects.requireNonNull(subscriber, "subscriber");
        if (!subscribed.compareAndSet(false, true)) {
            subscriber.onSubscribe(new Subscription() {
                @Override
                public void request(long n) {
                }

                @Override
                public void cancel() {
                }
            });
            subscriber.onError(new IllegalStateException("The inventory list can be sent only once"));
            return;
        }
        subscriber.onSubscribe(new Transfer(subscriber));
    }

    /** One subscriber's transfer. At most one thread runs {@link #run()} at a time: the one that set {@code busy}. */
    private final class Transfer implements Subscription, Runnable {

        private final Subscriber<? super ByteBuf> subscriber;
        private final AtomicLong demand = new AtomicLong();
        private final AtomicBoolean busy = new AtomicBoolean();
        private final AtomicBoolean released = new AtomicBoolean();
        private volatile boolean cancelled;
        private volatile boolean invalidRequest;
        private boolean done;

        Transfer(Subscriber<? super ByteBuf> subscriber) {
            this.subscriber = subscriber;
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                invalidRequest = true;
            } else {
                demand.getAndAccumulate(n, (current, added) -> current + added < 0 ? Long.MAX_VALUE : current + added);
            }
            schedule();
        }

        @Override
        public void cancel() {
            cancelled = true;
            // nothing in flight: release now, and keep busy set so that nothing runs after
            if (busy.compareAndSet(false, true)) {
                release();
            }
        }

        private void schedule() {
            if (busy.compareAndSet(false, true)) {
                try {
                    reader.execute(this);
                } catch (RejectedExecutionException e) {
                    done = true;
                    release();
                    signalError(e);
                }
            }
        }

        @Override
        public void run() {
            do {
                transfer();
                if (done || cancelled) {
                    release();
                    return;
                }
                busy.set(false);
                // demand or a cancel that came after the last check finds busy still set: handle it here
            } while ((demand.get() > 0 || cancelled || invalidRequest) && busy.compareAndSet(false, true));
        }

        private void transfer() {
            try {
                while (!cancelled && !done && (invalidRequest || demand.get() > 0)) {
                    if (invalidRequest) {
                        done = true;
                        release();
                        signalError(new IllegalArgumentException("Reactive Streams 3.9: request must be > 0"));
                        return;
                    }
                    ByteBuf chunk = nextChunk();
                    demand.decrementAndGet();
                    boolean last = chunks.ended();
                    if (last) {
                        done = true;
                        release();
                    }
                    signalChunk(chunk, last);
                }
            } catch (RuntimeException e) {
                done = true;
                release();
                signalError(e);
            }
        }

        /**
         * Hands a chunk to the subscriber on the connection's event loop, where the server also cancels: a chunk read
         * while the client went away is dropped there, never written to a connection that is gone.
         */
        private void signalChunk(ByteBuf chunk, boolean last) {
            try {
                signals.execute(() -> {
                    if (cancelled) {
                        chunk.release();
                        return;
                    }
                    subscriber.onNext(chunk);
                    if (last) {
                        subscriber.onComplete();
                    }
                });
            } catch (RejectedExecutionException e) {
                chunk.release();
            }
        }

        private void signalError(Throwable error) {
            try {
                signals.execute(() -> {
                    if (!cancelled) {
                        subscriber.onError(error);
                    }
                });
            } catch (RejectedExecutionException e) {
                LOG.debug("The inventory list failed after its connection closed", error);
            }
        }

        private ByteBuf nextChunk() {
            ByteBuf chunk = firstChunk;
            if (chunk != null) {
                firstChunk = null;
                return chunk;
            }
            return chunks.next(allocator);
        }

        /** Closes the entries' stream and frees a chunk not handed over, once. */
        private void release() {
            if (!released.compareAndSet(false, true)) {
                return;
            }
            ByteBuf unsent = firstChunk;
            firstChunk = null;
            if (unsent != null) {
                unsent.release();
            }
            try {
                chunks.close();
            } catch (RuntimeException e) {
                LOG.debug("Closing the inventory stream failed", e);
            }
        }
    }
}
