package org.petstore.inventory.adapter.http.inventory;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import org.petstore.inventory.domain.InventoryItem;

/**
 * Writes the specification's {@code InventoryItem} as JSON straight into a buffer, exactly as
 * {@link InventoryItemResponse} reads on the wire: {@code {"petId":1,"quantity":12,"status":"available"}}, members in
 * that order, no blanks. Every value is a number or one of three fixed words, so nothing needs escaping and no
 * reflection or serializer is involved.
 */
final class InventoryJson {

    /** The longest entry: both numbers at their maximum and the longest status. */
    static final int MAX_ITEM_BYTES = 80;

    private static final byte[] FIRST_PET_ID = ascii("{\"petId\":");
    private static final byte[] NEXT_PET_ID = ascii(",{\"petId\":");
    private static final byte[] QUANTITY = ascii(",\"quantity\":");
    private static final byte[] AVAILABLE = ascii(",\"status\":\"available\"}");
    private static final byte[] PENDING = ascii(",\"status\":\"pending\"}");
    private static final byte[] SOLD = ascii(",\"status\":\"sold\"}");
    private static final byte[] LONG_MIN = ascii(Long.toString(Long.MIN_VALUE));

    static final byte OPEN_ARRAY = '[';
    static final byte CLOSE_ARRAY = ']';

    private InventoryJson() {
    }

    /** One entry, preceded by a comma unless it is the first element of the array. */
    static void writeItem(ByteBuf out, InventoryItem item, boolean first) {
        out.writeBytes(first ? FIRST_PET_ID : NEXT_PET_ID);
        writeNumber(out, item.petId().value());
        out.writeBytes(QUANTITY);
        writeNumber(out, item.quantity().value());
        out.writeBytes(switch (item.status()) {
            case AVAILABLE -> AVAILABLE;
            case PENDING -> PENDING;
            case SOLD -> SOLD;
        });
    }

    /** A JSON integer, in the digits {@link Long#toString(long)} gives, without building a string. */
    static void writeNumber(ByteBuf out, long value) {
        if (value == Long.MIN_VALUE) {
            out.writeBytes(LONG_MIN);
            return;
        }
        if (value < 0) {
            out.writeByte('-');
            value = -value;
        }
        int digits = digits(value);
        int end = out.writerIndex() + digits;
        out.ensureWritable(digits);
        for (int index = end - 1; index >= end - digits; index--) {
            out.setByte(index, (int) ('0' + value % 10));
            value /= 10;
        }
        out.writerIndex(end);
    }

    private static int digits(long value) {
        int digits = 1;
        for (long bound = 10; digits < 19 && value >= bound; bound *= 10) {
            digits++;
        }
        return digits;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
