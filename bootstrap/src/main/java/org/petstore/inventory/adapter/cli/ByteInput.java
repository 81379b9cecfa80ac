package org.petstore.inventory.adapter.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * An input file read byte by byte through a buffer of its own, counting the bytes taken (for the progress display).
 * A failure to read surfaces as {@link UncheckedIOException}: it is not a problem of a line, and the import stops.
 */
final class ByteInput implements AutoCloseable {

    static final int END = -1;

    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private int position;
    private int limit;
    private long consumed;

    ByteInput(InputStream in) {
        this.in = in;
    }

    /** The next byte (0 to 255), or {@link #END}. */
    int read() {
        if (position == limit && !fill()) {
            return END;
        }
        consumed++;
        return buffer[position++] & 0xFF;
    }

    /** The next byte without taking it, or {@link #END}. */
    int peek() {
        if (position == limit && !fill()) {
            return END;
        }
        return buffer[position] & 0xFF;
    }

    /** Bytes taken so far. */
    long consumed() {
        return consumed;
    }

    /** Skips a UTF-8 byte order mark at the very start. */
    void skipByteOrderMark() {
        if (consumed == 0 && peek() == 0xEF && limit - position >= 3
                && (buffer[position + 1] & 0xFF) == 0xBB && (buffer[position + 2] & 0xFF) == 0xBF) {
            position += 3;
            consumed += 3;
        }
    }

    private boolean fill() {
        try {
            int read;
            do {
                read = in.read(buffer, 0, buffer.length);
            } while (read == 0);
            if (read < 0) {
                position = limit = 0;
                return false;
            }
            position = 0;
            limit = read;
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
