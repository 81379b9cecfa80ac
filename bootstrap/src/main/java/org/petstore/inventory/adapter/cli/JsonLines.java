package org.petstore.inventory.adapter.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.petstore.inventory.application.port.inbound.ImportLine;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;

/**
 * JSON Lines (https://jsonlines.org): one JSON object per line, UTF-8, lines ended by a line feed. A pet is
 * {@code {"petId":1,"name":"Rex","status":"available","quantity":12,"version":1}} ({@code null} quantity and version
 * for a pet without stock), an order
 * {@code {"id":1,"petId":3,"quantity":1,"shipDate":"2026-10-02T09:00:00Z","status":"delivered","complete":true}}.
 * Reading, blank lines are skipped, a carriage return before the line feed is ignored, and a line is at most
 * {@value #MAX_LINE} bytes.
 */
final class JsonLines {

    static final int MAX_LINE = 1 << 16;

    /** Writes characters beyond U+FFFF (an emoji, say) as their four UTF-8 bytes, not as escaped surrogates. */
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
            .build();

    private JsonLines() {
    }

    static RecordWriter writer(OutputStream out) {
        try {
            JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8);
            json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            json.setRootValueSeparator(null);
            return new Writer(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RecordReader reader(ByteInput in, RecordKind kind) {
        return new Reader(in, kind);
    }

    private record Writer(JsonGenerator json) implements RecordWriter {

        @Override
        public void pet(CatalogueEntry entry) throws IOException {
            json.writeStartObject();
            json.writeNumberField("petId", entry.petId().value());
            json.writeStringField("name", entry.pet().name());
            json.writeStringField("status", entry.pet().status().name().toLowerCase(Locale.ROOT));
            if (entry.stock().isPresent()) {
                json.writeNumberField("quantity", entry.stock().get().quantity().value());
                json.writeNumberField("version", entry.stock().get().version().value());
            } else {
                json.writeNullField("quantity");
                json.writeNullField("version");
            }
            json.writeEndObject();
            json.writeRaw('\n');
        }

        @Override
        public void order(Order order) throws IOException {
            json.writeStartObject();
            json.writeNumberField("id", order.id().value());
            json.writeNumberField("petId", order.petId().value());
            json.writeNumberField("quantity", order.quantity().value());
            json.writeStringField("shipDate", order.shipDate().toString());
            json.writeStringField("status", order.status().name().toLowerCase(Locale.ROOT));
            json.writeBooleanField("complete", order.complete());
            json.writeEndObject();
            json.writeRaw('\n');
        }

        @Override
        public void finish() throws IOException {
            json.flush();
        }
    }

    private static final class Reader extends FileRecordReader {

        private final byte[] line = new byte[MAX_LINE];
        private long lineNumber;

        Reader(ByteInput in, RecordKind kind) {
            super(in, kind);
        }

        @Override
        public ImportLine next() {
            while (in.peek() != ByteInput.END) {
                lineNumber++;
                int length = 0;
                boolean tooLong = false;
                for (int b = in.read(); b != ByteInput.END && b != '\n'; b = in.read()) {
                    if (length < MAX_LINE) {
                        line[length++] = (byte) b;
                    } else {
                        tooLong = true;
                    }
                }
                if (tooLong) {
                    return bad("the line is longer than " + Numbers.grouped(MAX_LINE) + " bytes; each line holds "
                            + "one " + example());
                }
                if (length > 0 && line[length - 1] == '\r') {
                    length--;
                }
                if (isBlank(length)) {
                    continue;
                }
                String text;
                try {
                    text = utf8.decode(line, 0, length);
                } catch (Utf8.InvalidUtf8Exception e) {
                    return bad(e.getMessage());
                }
                return parse(text);
            }
            return null;
        }

        private boolean isBlank(int length) {
            for (int i = 0; i < length; i++) {
                if (line[i] != ' ' && line[i] != '\t') {
                    return false;
                }
            }
            return true;
        }

        private ImportLine parse(String text) {
            List<String> fields = kind.fields();
            RawValue[] values = new RawValue[fields.size()];
            List<String> problems = new ArrayList<>();
            boolean started = false;
            try (JsonParser json = JSON.createParser(text)) {
                if (json.nextToken() != JsonToken.START_OBJECT) {
                    return bad("not a JSON object; each line holds one " + example());
                }
                started = true;
                for (JsonToken token = json.nextToken(); token == JsonToken.FIELD_NAME; token = json.nextToken()) {
                    String name = json.currentName();
                    RawValue value = value(json, json.nextToken());
                    int index = fields.indexOf(name);
                    if (index < 0) {
                        problems.add("unknown field \"" + name + "\" (the fields are " + kind.fieldList() + ")");
                    } else if (values[index] != null) {
                        problems.add("field \"" + name + "\" appears twice");
                    } else {
                        values[index] = value;
                    }
                }
                if (json.nextToken() != null) {
                    problems.add("more than one JSON value on the line; each line holds one " + example());
                }
            } catch (JsonProcessingException e) {
                // the parser's own words ("Unrecognized token ... was expecting (JSON String, Number, ...") name its
                // grammar, not what to fix: say where the line stops being JSON, and what a line holds
                return bad(started
                        ? "not valid JSON from character " + e.getLocation().getColumnNr() + " on ("
                                + near(text, e.getLocation().getColumnNr()) + "); each line holds one " + example()
                        : "not a JSON object; each line holds one " + example());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (int i = 0; i < fields.size(); i++) {
                if (values[i] == null && !kind.isOptional(fields.get(i))) {
                    problems.add("missing field \"" + fields.get(i) + "\""
                            + (kind == RecordKind.PETS && fields.get(i).equals("quantity")
                               ? " (null for a pet without stock)" : ""));
                }
            }
            if (!problems.isEmpty()) {
                return bad(String.join("; ", problems));
            }
            return kind.line(lineNumber, values);
        }

        private static RawValue value(JsonParser json, JsonToken token) throws IOException {
            return switch (token) {
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> new RawValue.Number(json.getText());
                case VALUE_STRING -> new RawValue.Text(json.getText(), true, true);
                case VALUE_TRUE -> new RawValue.Bool(true);
                case VALUE_FALSE -> new RawValue.Bool(false);
                case VALUE_NULL -> new RawValue.Null();
                case START_OBJECT -> {
                    json.skipChildren();
                    yield new RawValue.Structure("an object");
                }
                case START_ARRAY -> {
                    json.skipChildren();
                    yield new RawValue.Structure("an array");
                }
                default -> throw new IllegalStateException("unexpected JSON token " + token);
            };
        }

        private String example() {
            return kind == RecordKind.PETS
                    ? "object such as {\"petId\":1,\"name\":\"Rex\",\"status\":\"available\",\"quantity\":12,\"version\":1}"
                    : "object such as {\"id\":1,\"petId\":3,\"quantity\":1,\"shipDate\":\"2026-10-02T09:00:00Z\","
                            + "\"status\":\"delivered\",\"complete\":true}";
        }

        private ImportLine bad(String problem) {
            return new ImportLine.BadLine(lineNumber, problem);
        }

        /** The text from a character on (1-based), shortened, as a person finds it in the line; the end when past it. */
        private static String near(String text, int column) {
            int from = Math.max(0, Math.min(text.length(), column - 1));
            String rest = text.substring(from);
            return rest.isEmpty() ? "the line ends too early"
                    : "at \"" + (rest.length() <= 20 ? rest : rest.substring(0, 17) + "...") + "\"";
        }
    }
}
