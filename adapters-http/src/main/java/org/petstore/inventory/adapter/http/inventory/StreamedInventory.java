package org.petstore.inventory.adapter.http.inventory;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The body of a list too long for one buffer, with Reactor: the chunk already read, then the rest, each chunk read on
 * the blocking scheduler and handed to the server on the connection's event loop, which asks for the next once the
 * previous bytes were written; at most {@link #READ_AHEAD} chunk is read ahead, so a slow client holds the cursor back
 * instead of making the server buffer the list. The entries' stream is closed at the end, when the client goes away
 * (at once, or as soon as a read in flight returns) and when reading fails; chunks read but not sent are released. A
 * failure after the first chunk aborts the connection (the server logs it once): the client never sees a complete
 * array, never a shorter list.
 */
final class StreamedInventory {

    /** How many chunks are read before the server asked for them, at most. */
    private static final int READ_AHEAD = 1;

    private StreamedInventory() {
    }

    /**
     * The list's body, to be sent once.
     *
     * @param reader    where chunks are read: threads that may block
     * @param eventLoop where the chunks are handed to the server: the connection's event loop
     */
    static Flux<ByteBuf> of(ByteBuf firstChunk, InventoryChunks rest, Scheduler reader, Executor eventLoop) {
        AtomicReference<ByteBuf> unsent = new AtomicReference<>(firstChunk);
        return Flux.<ByteBuf, InventoryChunks>generate(() -> rest, (chunks, sink) -> {
                    ByteBuf first = unsent.getAndSet(null);
                    sink.next(first != null ? first : chunks.next(ByteBufAllocator.DEFAULT));
                    if (chunks.ended()) {
                        sink.complete();
                    }
                    return chunks;
                }, chunks -> {
                    ByteBuf first = unsent.getAndSet(null);
                    if (first != null) {
                        first.release();
                    }
                    chunks.close();
                })
                .subscribeOn(reader)
                .publishOn(Schedulers.fromExecutor(eventLoop), READ_AHEAD)
                .doOnDiscard(ByteBuf.class, ByteBuf::release);
    }
}
