package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.json.JsonMapper;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.petstore.inventory.domain.InventoryEntry;

/**
 * Inventory entries as the specification's {@code InventoryEntry} JSON, written by Micronaut serde from the wire record
 * {@link InventoryItemResponse}. The list is a JSON array of such entries, written element by element as the
 * entries are read ({@link InventoryChunks}), so that a long list never has to be held in memory.
 */
@Singleton
final class InventoryJson {

    private final JsonMapper json;

    InventoryJson(JsonMapper json) {
        this.json = json;
    }

    /** One entry, preceded by a comma unless it is the first element of the array. */
    void writeElement(ByteBuf out, InventoryEntry item, boolean first) {
        if (!first) {
            out.writeByte(',');
        }
        try (ByteBufOutputStream stream = new ByteBufOutputStream(out)) {
            json.writeValue(stream, InventoryItemResponse.of(item));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
