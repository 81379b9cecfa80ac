package org.petstore.inventory.bootstrap;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The names of a zip file's entries under one directory, read from its central directory in the order it lists them
 * (the order of {@link java.util.zip.ZipFile#entries()}). Made for {@link JarServiceIndex}: a few hundred names out
 * of the service jar's 18,000 entries at every start, where {@code ZipFile.entries()} makes an entry object and a
 * string of every name (about 0.03 s of the start on code the JIT has not compiled yet).
 *
 * <p>Only the plain zip format: a file that is not one, or that needs ZIP64 (more than 65,535 entries, or 4 GiB), gives
 * {@code null}, and the caller lists the entries through {@code ZipFile}.
 */
final class CentralDirectory {

    private static final int END_SIGNATURE = 0x06054b50;
    private static final int END_SIZE = 22;
    private static final int ENTRY_SIGNATURE = 0x02014b50;
    private static final int ENTRY_SIZE = 46;
    private static final int MAX_COMMENT = 0xFFFF;

    private CentralDirectory() {
    }

    /** The names that start with {@code directory} (ASCII), in the central directory's order; null: not readable. */
    static List<String> namesUnder(Path zip, String directory) {
        byte[] prefix = directory.getBytes(StandardCharsets.US_ASCII);
        try (FileChannel file = FileChannel.open(zip, StandardOpenOption.READ)) {
            long size = file.size();
            int tailSize = (int) Math.min(size, END_SIZE + MAX_COMMENT);
            byte[] tail = read(file, size - tailSize, tailSize);
            int end = endRecord(tail);
            if (end < 0) {
                return null;
            }
            int entries = u16(tail, end + 10);
            long directorySize = u32(tail, end + 12);
            long directoryStart = size - tailSize + end - directorySize;
            if (entries == 0xFFFF || directorySize == 0xFFFFFFFFL || directoryStart < 0) {
                return null; // ZIP64, or not a zip file
            }
            byte[] central = read(file, directoryStart, (int) directorySize);
            return names(central, entries, prefix);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static List<String> names(byte[] central, int entries, byte[] prefix) {
        List<String> names = new ArrayList<>();
        int position = 0;
        for (int entry = 0; entry < entries; entry++) {
            if (position + ENTRY_SIZE > central.length || i32(central, position) != ENTRY_SIGNATURE) {
                return null;
            }
            int nameLength = u16(central, position + 28);
            int name = position + ENTRY_SIZE;
            position = name + nameLength + u16(central, position + 30) + u16(central, position + 32);
            if (position > central.length) {
                return null;
            }
            if (startsWith(central, name, nameLength, prefix)) {
                names.add(new String(central, name, nameLength, StandardCharsets.UTF_8));
            }
        }
        return names;
    }

    /** Where the end-of-central-directory record starts in the file's tail, searched from the end; -1: none. */
    private static int endRecord(byte[] tail) {
        for (int at = tail.length - END_SIZE; at >= 0; at--) {
            if (i32(tail, at) == END_SIGNATURE && at + END_SIZE + u16(tail, at + 20) == tail.length) {
                return at;
            }
        }
        return -1;
    }

    private static boolean startsWith(byte[] bytes, int offset, int length, byte[] prefix) {
        if (length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (bytes[offset + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] read(FileChannel file, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (file.read(buffer, position + buffer.position()) < 0) {
                throw new IOException("the file ends before its central directory");
            }
        }
        return buffer.array();
    }

    private static int u16(byte[] bytes, int at) {
        return (bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8;
    }

    private static int i32(byte[] bytes, int at) {
        return u16(bytes, at) | u16(bytes, at + 2) << 16;
    }

    private static long u32(byte[] bytes, int at) {
        return i32(bytes, at) & 0xFFFFFFFFL;
    }
}
