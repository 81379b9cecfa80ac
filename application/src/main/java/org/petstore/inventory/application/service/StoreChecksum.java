package org.petstore.inventory.application.service;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.LedgerRange;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StoreSize;

/**
 * A SHA-256 checksum over every row of a store, taken as the rows go by in key order (pets by id, then orders by id,
 * then the stock ledger's changes by id and the range it keeps), with their counts. Two stores that hold the same
 * pets, stock entries (versions included), orders and ledger have the same checksum, whatever database keeps them; a
 * difference in any field of any row changes it.
 *
 * <p>Each row is digested as a fixed sequence of fields, every text preceded by its length in UTF-8 bytes, so no two
 * different rows (or sequences of rows) digest the same bytes.
 */
final class StoreChecksum {

    private static final byte PET = 'P';
    private static final byte ORDER = 'O';
    private static final byte CHANGE = 'C';
    private static final byte RANGE = 'R';
    private static final int NONE = -1;

    private final MessageDigest digest;
    private final ByteBuffer row = ByteBuffer.allocate(512);
    private long pets;
    private long entries;
    private long orders;
    private long changes;

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

    void add(StockChange change) {
        row.clear();
        row.put(CHANGE).putLong(change.changeId()).putLong(change.petId().value())
                .putLong(change.from() == null ? NONE : change.from().value()).putLong(change.to().value())
                .putLong(change.version().value())
                .putLong(change.at().getEpochSecond()).putInt(change.at().getNano());
        text(change.origin().source().name());
        text(change.origin().keyId());
        text(change.origin().requestId());
        text(change.origin().reason() == null ? null : change.origin().reason().name());
        digestRow();
        changes++;
    }

    void add(LedgerRange range) {
        row.clear();
        row.put(RANGE).putLong(range.removedThrough()).putLong(range.newestChangeId());
        digestRow();
    }

    /** How many of the stock ledger's changes were added. */
    long changes() {
        return changes;
    }

    StoreSize size() {
        return new StoreSize(pets, entries, orders);
    }

    /** The checksum of the rows added so far, in hexadecimal; ends the checksum. */
    String hex() {
        return HexFormat.of().formatHex(digest.digest());
    }

    /** A text, or {@code null}: no text's length is negative. */
    private void text(String value) {
        if (value == null) {
            row.putInt(NONE);
            return;
        }
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        row.putInt(bytes.length).put(bytes);
    }

    private void digestRow() {
        row.flip();
        digest.update(row);
    }
}
