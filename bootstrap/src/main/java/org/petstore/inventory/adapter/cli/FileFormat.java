package org.petstore.inventory.adapter.cli;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine;

/** The file formats of the data commands: JSON Lines (the default) and CSV. */
enum FileFormat {

    JSONL,
    CSV;

    /** The format a file's name says: {@code .jsonl} (or {@code .ndjson}), {@code .csv}; case does not matter. */
    static Optional<FileFormat> ofFileName(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) {
            return Optional.of(JSONL);
        }
        if (name.endsWith(".csv")) {
            return Optional.of(CSV);
        }
        return Optional.empty();
    }

    RecordWriter writer(OutputStream out, RecordKind kind) {
        return switch (this) {
            case JSONL -> JsonLines.writer(out);
            case CSV -> Csv.writer(out, kind);
        };
    }

    RecordReader reader(ByteInput in, RecordKind kind) {
        return switch (this) {
            case JSONL -> JsonLines.reader(in, kind);
            case CSV -> Csv.reader(in, kind);
        };
    }

    /** {@code --format jsonl|csv}. */
    static final class Converter implements CommandLine.ITypeConverter<FileFormat> {

        @Override
        public FileFormat convert(String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "jsonl" -> JSONL;
                case "csv" -> CSV;
                default -> throw new CommandLine.TypeConversionException("'" + value + "' is not a format: use jsonl "
                        + "or csv");
            };
        }
    }
}
