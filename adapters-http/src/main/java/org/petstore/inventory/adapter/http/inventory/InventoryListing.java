package org.petstore.inventory.adapter.http.inventory;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.petstore.inventory.application.port.inbound.ListInventoryUseCase;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;

/**
 * What a {@code GET /v1/inventory} is answered with: 304 when {@code If-None-Match} names the list's current tag,
 * else the list as JSON ({@link InventoryJson}), whole when it fits in one buffer, in chunks when it does not.
 *
 * <p><b>The list-body cache.</b> The body of the last list that fit in one buffer is kept with the
 * {@link InventoryVersion} of the snapshot it was encoded from (never the version of a separate query). While one is
 * kept, a list request first reads the inventory's current version (one aggregate query, which also answers
 * {@code If-None-Match}); when it equals the kept one, the kept body is sent again, without reading or encoding the
 * list. It is never stale: two inventories with the same version hold the same list (it counts entries, their
 * versions and every removal, and every write of the store moves it, whichever instance or data command wrote), and
 * it is read after the request arrived, so every change acknowledged before is seen. Otherwise the list is read,
 * encoded and kept instead; a list too long for one buffer drops what was kept, and costs what it costs without the
 * cache. The kept body is an immutable heap copy that each response wraps anew, so no response or replacement frees
 * it under another. {@code petstore.inventory.list-cache.enabled: false} switches the cache off
 * ({@link ListCacheConfiguration}).
 */
@Singleton
final class InventoryListing {

    /** The answer to a list request. The caller owns the buffers and the chunks in it. */
    sealed interface Answer {
    }

    /** 304: {@code If-None-Match} names the current tag. */
    record NotModified(EntityTag tag) implements Answer {
    }

    /** 200 with the whole list in one buffer. */
    record Whole(ByteBuf json, EntityTag tag) implements Answer {
    }

    /** 200 with the first chunk of a list too long for one buffer, and the rest to be read when asked for. */
    record Streamed(ByteBuf firstChunk, InventoryChunks rest, EntityTag tag) implements Answer {
    }

    /** A list's body as encoded from a snapshot, and the snapshot's version. */
    private record Kept(InventoryVersion version, byte[] json) {
    }

    private final ListInventoryUseCase listInventory;
    private final InventoryJson json;
    private final boolean cacheEnabled;
    private final AtomicReference<Kept> kept = new AtomicReference<>();

    InventoryListing(ListInventoryUseCase listInventory, InventoryJson json, ListCacheConfiguration listCache) {
        this.listInventory = listInventory;
        this.json = json;
        this.cacheEnabled = listCache.enabled();
    }

    /**
     * The answer to a list request with this {@code If-None-Match} condition (empty: none, or one that does not follow
     * the grammar and is ignored). Blocks on the store; runs on a thread that may.
     */
    Answer list(Optional<EntityTag.Condition> ifNoneMatch) {
        Kept cached = kept.get();
        if (cached != null || ifNoneMatch.isPresent()) {
            // only the list's version is read to tell that it has not changed, or that the kept body is the list
            InventoryVersion current = listInventory.currentInventoryVersion();
            EntityTag tag = InventoryTags.of(current);
            if (ifNoneMatch.isPresent() && InventoryTags.names(ifNoneMatch.get(), tag)) {
                return new NotModified(tag);
            }
            if (cached != null && cached.version().equals(current)) {
                return new Whole(Unpooled.wrappedBuffer(cached.json()), tag);
            }
        }
        InventorySnapshot snapshot = listInventory.listInventory();
        EntityTag tag = InventoryTags.of(snapshot.version());
        InventoryChunks chunks = new InventoryChunks(json, snapshot.items());
        ByteBuf first;
        try {
            first = chunks.next(ByteBufAllocator.DEFAULT);
        } catch (RuntimeException | Error e) {
            chunks.close();
            throw e;
        }
        if (chunks.ended()) {
            chunks.close();
            if (cacheEnabled) {
                kept.set(new Kept(snapshot.version(), ByteBufUtil.getBytes(first)));
            }
            return new Whole(first, tag);
        }
        kept.set(null);
        return new Streamed(first, chunks, tag);
    }
}
