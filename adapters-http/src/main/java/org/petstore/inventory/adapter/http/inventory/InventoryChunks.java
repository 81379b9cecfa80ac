package org.petstore.inventory.adapter.http.inventory;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.petstore.inventory.domain.InventoryEntry;

/**
 * The inventory list as a JSON array, cut into chunks of about {@link #CHUNK_BYTES} while the entries are read from
 * the use case's stream: the first chunk opens the array, the last one closes it. One thread at a time reads;
 * {@link #close()} may come from any thread, and releases what the stream holds (a database cursor and connection).
 */
final class InventoryChunks implements AutoCloseable {

    /** A chunk is full from this size on; a list that fits in one is answered whole, with Content-Length. */
    static final int CHUNK_BYTES = 32 * 1024;
    private static final int FIRST_CHUNK_CAPACITY = 2 * 1024;

    private final InventoryJson json;
    private final Stream<InventoryEntry> entries;
    private final Iterator<InventoryEntry> iterator;
    private final AtomicBoolean closed = new AtomicBoolean();
    private boolean started;
    private boolean ended;

    InventoryChunks(InventoryJson json, Stream<InventoryEntry> entries) {
        this.json = json;
        this.entries = entries;
        this.iterator = entries.iterator();
    }

    /**
     * The next chunk: entries until it is full, followed by {@code ]} when they end. The caller owns the buffer.
     * A failure of the stream releases the partly written buffer and is rethrown.
     */
    ByteBuf next(ByteBufAllocator allocator) {
        ByteBuf chunk = allocator.buffer(started ? CHUNK_BYTES + CHUNK_BYTES / 8 : FIRST_CHUNK_CAPACITY);
        try {
            boolean first = !started;
            if (first) {
                chunk.writeByte('[');
                started = true;
            }
            while (chunk.writerIndex() < CHUNK_BYTES && iterator.hasNext()) {
                json.writeElement(chunk, iterator.next(), first);
                first = false;
            }
            if (!iterator.hasNext()) {
                chunk.writeByte(']');
                ended = true;
            }
            return chunk;
        } catch (RuntimeException | Error e) {
            chunk.release();
            throw e;
        }
    }

    /** Whether the last chunk, the one that closes the array, was returned. */
    boolean ended() {
        return ended;
    }

    /** Closes the stream of entries, once, whoever calls. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            entries.close();
        }
    }
}
