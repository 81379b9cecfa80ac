package org.petstore.inventory.adapter.persistence.transfer;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import org.petstore.inventory.adapter.persistence.StatusColumns;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;

/**
 * Stages rows on PostgreSQL with {@code COPY ... FROM STDIN} in its text format: one line per row, columns separated
 * by tabs, {@code \N} for null, and a backslash before a backslash, tab, line feed or carriage return in a text. The
 * rows are encoded into a buffer of {@value #BUFFER} bytes that goes to the server whenever it is nearly full.
 */
final class CopyStagingWriter implements StagingWriter {

    static final int BUFFER = 1 << 16;

    /** Room kept free for one more row: a name of 100 characters is at most 400 bytes in UTF-8, 800 escaped. */
    private static final int ROW_ROOM = 2048;

    private static final String COPY_PETS =
            "COPY staged_pet (line, id, name, status, quantity, version) FROM STDIN";
    private static final String COPY_ORDERS =
            "COPY staged_order (line, id, pet_id, quantity, ship_date, status, complete) FROM STDIN";

    private final CopyManager copyManager;
    private final byte[] buffer = new byte[BUFFER];
    private int size;
    private CopyIn copy;
    private String copying;

    CopyStagingWriter(CopyManager copyManager) {
        this.copyManager = copyManager;
    }

    @Override
    public void pet(long line, CatalogueEntry entry) throws SQLException {
        copyInto(COPY_PETS);
        number(line);
        tab();
        number(entry.petId().value());
        tab();
        text(entry.pet().name());
        tab();
        text(StatusColumns.valueOf(entry.pet().status()));
        tab();
        if (entry.stock().isPresent()) {
            number(entry.stock().get().quantity().value());
            tab();
            number(entry.stock().get().version().value());
        } else {
            escaped((byte) 'N');
            tab();
            escaped((byte) 'N');
        }
        endRow();
    }

    @Override
    public void order(long line, Order order) throws SQLException {
        copyInto(COPY_ORDERS);
        number(line);
        tab();
        number(order.id().value());
        tab();
        number(order.petId().value());
        tab();
        number(order.quantity().value());
        tab();
        text(order.shipDate().toString());
        tab();
        text(StatusColumns.valueOf(order.status()));
        tab();
        text(order.complete() ? "t" : "f");
        endRow();
    }

    @Override
    public void finish() throws SQLException {
        if (copy != null) {
            flush();
            copy.endCopy();
            copy = null;
            copying = null;
        }
    }

    @Override
    public void abandon() {
        size = 0;
        if (copy != null && copy.isActive()) {
            try {
                copy.cancelCopy();
            } catch (SQLException ignored) {
                // the server ends the COPY with an error; the load rolls back anyway
            }
        }
        copy = null;
        copying = null;
    }

    private void copyInto(String sql) throws SQLException {
        if (!sql.equals(copying)) {
            finish();
            copy = copyManager.copyIn(sql);
            copying = sql;
        }
        if (size > BUFFER - ROW_ROOM) {
            flush();
        }
    }

    private void flush() throws SQLException {
        if (size > 0) {
            copy.writeToCopy(buffer, 0, size);
            size = 0;
        }
    }

    private void number(long value) {
        byte[] digits = Long.toString(value).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(digits, 0, buffer, size, digits.length);
        size += digits.length;
    }

    private void text(String value) throws SQLException {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        if (2 * bytes.length > ROW_ROOM) {
            flush();
            if (2 * bytes.length > BUFFER) {
                throw new SQLException("a text of " + bytes.length + " bytes is too long to stage");
            }
        }
        for (byte b : bytes) {
            switch (b) {
                case '\\' -> escaped((byte) '\\');
                case '\t' -> escaped((byte) 't');
                case '\n' -> escaped((byte) 'n');
                case '\r' -> escaped((byte) 'r');
                default -> buffer[size++] = b;
            }
        }
    }

    /** A backslash and the letter: an escaped character, or {@code \N} for null. */
    private void escaped(byte letter) {
        buffer[size++] = '\\';
        buffer[size++] = letter;
    }

    private void tab() {
        buffer[size++] = '\t';
    }

    private void endRow() {
        buffer[size++] = '\n';
    }
}
