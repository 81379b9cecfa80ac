package org.petstore.inventory.adapter.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Where an export writes: standard output, or a file that appears only complete, written under a temporary name
 * beside it ({@code .NAME.PID.partial}, with a new file's permissions) and moved atomically to its own name once the
 * export succeeded: a failed or interrupted export leaves no partial file, and an older file of that name stays.
 */
final class Destination implements AutoCloseable {

    private final OutputStream out;
    private final Path file;
    private final Path partial;
    private boolean committed;

    private Destination(OutputStream out, Path file, Path partial) {
        this.out = out;
        this.file = file;
        this.partial = partial;
    }

    static Destination standardOutput(OutputStream out) {
        return new Destination(out, null, null);
    }

    static Destination file(Path file) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path partial = absolute.resolveSibling("." + absolute.getFileName() + "." + ProcessHandle.current().pid()
                + ".partial");
        OutputStream out = Files.newOutputStream(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        return new Destination(new BufferedOutputStream(out, 1 << 16), absolute, partial);
    }

    OutputStream stream() {
        return out;
    }

    /** Makes the written data final: flushed, or the file in place. */
    void commit() throws IOException {
        if (file == null) {
            out.flush();
        } else {
            out.close();
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
    }

    /** A file not committed is removed; standard output stays open. */
    @Override
    public void close() throws IOException {
        if (file != null && !committed) {
            try {
                out.close();
            } finally {
                Files.deleteIfExists(partial);
            }
        }
    }
}
