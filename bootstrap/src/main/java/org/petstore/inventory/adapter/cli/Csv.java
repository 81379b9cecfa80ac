package org.petstore.inventory.adapter.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.petstore.inventory.application.port.inbound.ImportLine;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;

/**
 * CSV (RFC 4180), UTF-8, with a header row naming the columns: {@code petId,name,status,quantity,version} for pets
 * (empty quantity and version for a pet without stock), {@code id,petId,quantity,shipDate,status,complete} for
 * orders. A field is quoted when it holds a comma, a quote, a line break or blanks at either end; a quote inside a
 * quoted field is doubled.
 *
 * <p>Reading, the columns may come in any order, {@code version} may be left out, lines may end with CRLF or LF,
 * blank lines are skipped, and blanks around an unquoted field are ignored. A record (which a quoted line break may
 * continue over several lines) is numbered by the line it starts on and is at most {@value #MAX_RECORD} bytes.
 */
final class Csv {

    static final int MAX_RECORD = 1 << 16;

    /** What separates the columns of files that are not CSV but look like it (a spreadsheet's export, say). */
    private static final List<String> OTHER_SEPARATORS = List.of(";", "\t", "|");

    private Csv() {
    }

    static RecordWriter writer(OutputStream out, RecordKind kind) {
        Writer text = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        try {
            text.write(String.join(",", kind.fields()));
            text.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new CsvWriter(text);
    }

    static RecordReader reader(ByteInput in, RecordKind kind) {
        return new CsvReader(in, kind);
    }

    /** The field as CSV: quoted when it must be. */
    static String field(String value) {
        boolean quote = value.isEmpty() || Character.isWhitespace(value.charAt(0))
                || Character.isWhitespace(value.charAt(value.length() - 1))
                || value.chars().anyMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r');
        return quote ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }

    private record CsvWriter(Writer out) implements RecordWriter {

        @Override
        public void pet(CatalogueEntry entry) throws IOException {
            out.write(Long.toString(entry.petId().value()));
            out.write(',');
            out.write(field(entry.pet().name()));
            out.write(',');
            out.write(entry.pet().status().name().toLowerCase(Locale.ROOT));
            out.write(',');
            if (entry.stock().isPresent()) {
                out.write(Integer.toString(entry.stock().get().quantity().value()));
                out.write(',');
                out.write(Long.toString(entry.stock().get().version().value()));
            } else {
                out.write(',');
            }
            out.write('\n');
        }

        @Override
        public void order(Order order) throws IOException {
            out.write(order.id().value() + "," + order.petId().value() + "," + order.quantity().value() + ","
                    + order.shipDate() + "," + order.status().name().toLowerCase(Locale.ROOT) + ","
                    + order.complete() + "\n");
        }

        @Override
        public void finish() throws IOException {
            out.flush();
        }
    }

    /** One record as read: its fields, or what is wrong with it. */
    private record Record(long line, List<byte[]> fields, List<Boolean> quoted, String problem) {

        boolean isBlank() {
            return problem == null && fields.size() == 1 && fields.getFirst().length == 0 && !quoted.getFirst();
        }
    }

    private static final class CsvReader extends FileRecordReader {

        private final byte[] field = new byte[MAX_RECORD];
        private long linesStarted;
        /** For each column of the file, the index of its field in the kind's fields; set by the header. */
        private int[] columns;
        private boolean stopped;

        CsvReader(ByteInput in, RecordKind kind) {
            super(in, kind);
        }

        @Override
        public ImportLine next() {
            while (!stopped) {
                Record record = readRecord();
                if (record == null) {
                    return null;
                }
                if (record.isBlank()) {
                    continue;
                }
                if (record.problem() != null) {
                    if (columns == null) {
                        stopped = true;
                        return new ImportLine.BadLine(record.line(), record.problem() + " in the header; the rows "
                                + "were not read");
                    }
                    return new ImportLine.BadLine(record.line(), record.problem());
                }
                if (columns == null) {
                    String problem = header(record);
                    if (problem != null) {
                        stopped = true;
                        return new ImportLine.BadLine(record.line(), problem + "; the rows were not read");
                    }
                    continue;
                }
                return row(record);
            }
            return null;
        }

        /**
         * Reads the header's column names; what is wrong with them, or {@code null}. The columns a header must name
         * are listed once, after every problem; a header that is one field separated otherwise (by ';' or a tab, as
         * some spreadsheets write CSV) is said to be so.
         */
        private String header(Record record) {
            List<String> fields = kind.fields();
            List<String> problems = new ArrayList<>();
            int[] mapping = new int[record.fields().size()];
            boolean[] seen = new boolean[fields.size()];
            String expected = "the header must name the columns " + kind.fieldList() + ", separated by commas";
            for (int i = 0; i < mapping.length; i++) {
                String name;
                try {
                    byte[] bytes = record.fields().get(i);
                    name = utf8.decode(bytes, 0, bytes.length).strip();
                } catch (Utf8.InvalidUtf8Exception e) {
                    problems.add("column " + (i + 1) + " of the header is " + e.getMessage());
                    continue;
                }
                if (mapping.length == 1 && OTHER_SEPARATORS.stream().anyMatch(name::contains)) {
                    String separator = OTHER_SEPARATORS.stream().filter(name::contains).findFirst().orElseThrow();
                    return "the header is not separated by commas (it uses "
                            + (separator.equals("\t") ? "tabs" : "'" + separator + "'") + "); " + expected;
                }
                mapping[i] = fields.indexOf(name);
                if (mapping[i] < 0) {
                    problems.add("unknown column \"" + name + "\"");
                } else if (seen[mapping[i]]) {
                    problems.add("column \"" + name + "\" appears twice");
                } else {
                    seen[mapping[i]] = true;
                }
            }
            for (int i = 0; i < fields.size(); i++) {
                if (!seen[i] && !kind.isOptional(fields.get(i))) {
                    problems.add("missing column \"" + fields.get(i) + "\"");
                }
            }
            if (!problems.isEmpty()) {
                return String.join("; ", problems) + " in the header: " + expected;
            }
            columns = mapping;
            return null;
        }

        private ImportLine row(Record record) {
            if (record.fields().size() != columns.length) {
                return new ImportLine.BadLine(record.line(), record.fields().size() + " fields, but the header names "
                        + columns.length + " columns" + (record.fields().size() > columns.length
                        ? " (a comma in a name? quote the name: \"Rex, the dog\")" : ""));
            }
            RawValue[] values = new RawValue[kind.fields().size()];
            for (int i = 0; i < columns.length; i++) {
                byte[] bytes = record.fields().get(i);
                try {
                    values[columns[i]] = new RawValue.Text(utf8.decode(bytes, 0, bytes.length), false,
                            record.quoted().get(i));
                } catch (Utf8.InvalidUtf8Exception e) {
                    return new ImportLine.BadLine(record.line(), kind.fields().get(columns[i]) + " is "
                            + e.getMessage());
                }
            }
            return kind.line(record.line(), values);
        }

        /** The next record, or {@code null} at the end of the file. */
        private Record readRecord() {
            if (in.peek() == ByteInput.END) {
                return null;
            }
            long line = ++linesStarted;
            List<byte[]> fields = new ArrayList<>();
            List<Boolean> quoted = new ArrayList<>();
            int recordBytes = 0;
            while (true) {
                int length = 0;
                boolean isQuoted = in.peek() == '"';
                int end;
                if (isQuoted) {
                    long opened = linesStarted;
                    in.read();
                    while (true) {
                        int b = in.read();
                        if (b == ByteInput.END) {
                            stopped = true;
                            return problem(line, "the quoted field " + (fields.size() + 1) + " that begins on this "
                                    + "line is never closed: a quoted field ends with a \" (a \" inside it is "
                                    + "doubled: \"\")");
                        }
                        if (b == '"') {
                            if (in.peek() == '"') {
                                in.read();
                            } else {
                                break;
                            }
                        } else if (b == '\n') {
                            linesStarted++;
                        }
                        if (length == MAX_RECORD || ++recordBytes > MAX_RECORD) {
                            return tooLong(line);
                        }
                        field[length++] = (byte) b;
                    }
                    end = in.read();
                    if (end == '\r' && in.peek() == '\n') {
                        end = in.read();
                    }
                    if (end != ',' && end != '\n' && end != ByteInput.END) {
                        skipLine(end);
                        return problem(line, "field " + (fields.size() + 1) + (linesStarted > opened
                                ? ", quoted from this line to line " + linesStarted + "," : "")
                                + " has characters after its closing quote: a quoted field ends at its closing \" "
                                + "(a \" inside it is doubled: \"\")");
                    }
                } else {
                    while (true) {
                        end = in.read();
                        if (end == ',' || end == '\n' || end == ByteInput.END) {
                            break;
                        }
                        if (end == '\r' && (in.peek() == '\n' || in.peek() == ByteInput.END)) {
                            continue;
                        }
                        if (end == '"') {
                            skipLine(end);
                            return problem(line, "field " + (fields.size() + 1) + " has a \" but does not begin "
                                    + "with one: quote the whole field and double the \" inside it "
                                    + "(\"Rex \"\"the dog\"\"\")");
                        }
                        if (length == MAX_RECORD || ++recordBytes > MAX_RECORD) {
                            return tooLong(line);
                        }
                        field[length++] = (byte) end;
                    }
                }
                fields.add(Arrays.copyOf(field, length));
                quoted.add(isQuoted);
                if (end != ',') {
                    return new Record(line, fields, quoted, null);
                }
            }
        }

        private Record tooLong(long line) {
            skipLine(0);
            return problem(line, "the record is longer than " + Numbers.grouped(MAX_RECORD) + " bytes (a quote "
                    + "that is never closed?)");
        }

        /** Skips the rest of the current line, after {@code last}, the byte just read. */
        private void skipLine(int last) {
            for (int b = last; b != '\n' && b != ByteInput.END; b = in.read()) {
                // skipped
            }
        }

        private static Record problem(long line, String problem) {
            return new Record(line, List.of(), List.of(), problem);
        }
    }
}
