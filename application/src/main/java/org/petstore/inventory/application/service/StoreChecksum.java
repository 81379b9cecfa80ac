package org.petstore.inventory.application.service;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.StoreSize;

/**
 * A SHA-256 checksum over every row of a store, taken as the rows go by in key order (pets by id, then orders by id),
 * with their counts. Two stores that hold the same pets, stock entries (versions included) and orders have the same
 * checksum, whatever database keeps them; a difference in any field of any row changes it.
 *
 * <p>Each row is digested as a fixed sequence of fields, every text preceded by its length in UTF-8 bytes, so no two
 * different rows (or sequences of rows) digest the same bytes.
 */
final class StoreChecksum {

    private static final byte PET = 'P';
    private static final byte ORDER = 'O';
    private static final int NONE = -1;

    private final MessageDigest digest;
    private final ByteBuffer row = ByteBuffer.allocate(512);
    private long pets;
    private long entries;
    private long orders;

    StoreChecksum() {
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    void add(CatalogueEntry entry) {
        row.clear();
        row.put(PET).putLong(entry.petId().value());
        text(entry.pet().name());
        text(entry.pet().status().name());
        if (entry.stock().isPresent()) {
            row.putLong(entry.stock().get().quantity().value()).putLong(entry.stock().get().version().value());
            entries++;
        } else {
            row.putLong(NONE).putLong(NONE);
        }
        digestRow();
        pets++;
    }

    void add(Order order) {
        row.clear();
        row.put(ORDER).putLong(order.id().value()).putLong(order.petId().value())
                .putLong(order.quantity().value())
                .putLong(order.shipDate().getEpochSecond()).putInt(order.shipDate().getNano());
        text(order.status().name());
        row.put((byte) (order.complete() ? 1 : 0));
        digestRow();
        orders++;
    }

    StoreSize size() {
        return new StoreSize(pets, entries, orders);
    }

    /** The checksum of the rows added so far, in hexadecimal; ends the checksum. */
    String hex() {
        return HexFormat.of().formatHex(digest.digest());
    }

    private void text(String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        row.putInt(bytes.length).put(bytes);
    }

    private void digestRow() {
        row.flip();
        digest.update(row);
    }
}
