package org.petstore.inventory.adapter.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.ImportLine;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

/** What the readers accept beyond what the writers write, and what they report, line by line. */
class FileFormatsTest {

    private static final CatalogueEntry REX = CatalogueEntry.stocked(new Pet(PetId.of(1), "Rex", PetStatus.AVAILABLE),
            Quantity.of(12), EntryVersion.FIRST);

    private static List<ImportLine> read(FileFormat format, RecordKind kind, byte[] content) {
        RecordReader reader = format.reader(new ByteInput(new ByteArrayInputStream(content)), kind);
        List<ImportLine> lines = new ArrayList<>();
        for (ImportLine line = reader.next(); line != null; line = reader.next()) {
            lines.add(line);
        }
        return lines;
    }

    private static List<ImportLine> read(FileFormat format, RecordKind kind, String content) {
        return read(format, kind, content.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void csvAcceptsAByteOrderMarkCrlfBlankLinesAnyColumnOrderBlanksAroundFieldsAndNoVersionColumn() {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        String csv = "quantity,status,name,petId\r\n\r\n 12 , available ,Rex, 1\r\n0,sold,\"Tom\r\nthe cat\",2\r\n";
        byte[] content = new byte[bom.length + csv.length()];
        System.arraycopy(bom, 0, content, 0, bom.length);
        System.arraycopy(csv.getBytes(StandardCharsets.UTF_8), 0, content, bom.length, csv.length());

        assertEquals(List.of(
                new ImportLine.PetLine(3, REX),
                new ImportLine.PetLine(4, CatalogueEntry.stocked(new Pet(PetId.of(2), "Tom\r\nthe cat",
                        PetStatus.SOLD), Quantity.of(0), EntryVersion.FIRST))),
                read(FileFormat.CSV, RecordKind.PETS, content));
    }

    @Test
    void aRecordAfterAQuotedLineBreakIsNumberedByTheLineItStartsOn() {
        List<ImportLine> lines = read(FileFormat.CSV, RecordKind.PETS,
                "petId,name,status,quantity\n1,\"Two\nlines\",sold,1\n2,Bad,gone,1\n");

        assertEquals(new ImportLine.BadLine(4, "status must be one of available, pending, sold, got \"gone\""),
                lines.get(1));
    }

    @Test
    void jsonLinesAcceptsABlankLineAndCarriageReturnsAndReportsAnOverlongLineAndKeepsReading() {
        String overlong = "{\"petId\":2,\"name\":\"" + "x".repeat(JsonLines.MAX_LINE) + "\"}\n";
        List<ImportLine> lines = read(FileFormat.JSONL, RecordKind.PETS,
                "{\"petId\":1,\"name\":\"Rex\",\"status\":\"available\",\"quantity\":12}\r\n\n" + overlong
                        + "[1]\n");

        assertAll(
                () -> assertEquals(new ImportLine.PetLine(1, REX), lines.get(0)),
                () -> assertEquals(new ImportLine.BadLine(3, "the line is longer than 65,536 bytes; each line holds "
                        + "one object such as {\"petId\":1,\"name\":\"Rex\",\"status\":\"available\",\"quantity\":12,"
                        + "\"version\":1}"), lines.get(1)),
                () -> assertEquals(4, lines.get(2).line()),
                () -> assertEquals(3, lines.size()));
    }

    @Test
    void ordersAreReadWithEveryFieldCheckedAndAtMostMicroseconds() {
        List<ImportLine> lines = read(FileFormat.JSONL, RecordKind.ORDERS, """
                {"id":1,"petId":3,"quantity":1,"shipDate":"2026-10-02T09:00:00.5Z","status":"delivered","complete":true}
                {"id":0,"petId":3,"quantity":1,"shipDate":"2026-10-02T09:00:00.1234567Z","status":"lost","complete":"yes"}
                {"id":2,"petId":3,"quantity":1,"shipDate":"yesterday","status":"placed","complete":false}
                """);

        assertAll(
                () -> assertEquals(new ImportLine.OrderLine(1, new Order(OrderId.of(1), PetId.of(3), Quantity.of(1),
                        Instant.parse("2026-10-02T09:00:00.5Z"), OrderStatus.DELIVERED, true)), lines.get(0)),
                () -> assertEquals(new ImportLine.BadLine(2, "id must be a whole number from 1 to 9223372036854775807, "
                        + "got 0; shipDate has more than 6 decimal places of a second, got \"2026-10-02T09:00:00.1234567Z"
                        + "\": the store keeps microseconds; status must be one of placed, approved, delivered, got "
                        + "\"lost\"; complete must be true or false, got \"yes\""), lines.get(1)),
                () -> assertEquals(new ImportLine.BadLine(3, "shipDate must be an ISO-8601 instant in UTC such as "
                        + "2026-10-02T09:00:00Z, got \"yesterday\""), lines.get(2)));
    }

    @Test
    void aNameOfMoreThan100CharactersOrWithANulCharacterIsRefused() {
        List<ImportLine> lines = read(FileFormat.CSV, RecordKind.PETS, "petId,name,status,quantity\n1,"
                + "n".repeat(101) + ",sold,1\n2,\"a\u0000b\",sold,1\n");

        assertAll(
                () -> assertEquals(new ImportLine.BadLine(2, "name has 101 characters; at most 100 are allowed"),
                        lines.get(0)),
                () -> assertEquals(new ImportLine.BadLine(3, "name contains the character U+0000, which PostgreSQL "
                        + "cannot store: remove it"), lines.get(1)));
    }

    @Test
    void csvQuotesOnlyTheFieldsThatNeedIt() {
        assertAll(
                () -> assertEquals("Rex", Csv.field("Rex")),
                () -> assertEquals("Ærø 🐈", Csv.field("Ærø 🐈")),
                () -> assertEquals("\"a,b\"", Csv.field("a,b")),
                () -> assertEquals("\"say \"\"hi\"\"\"", Csv.field("say \"hi\"")),
                () -> assertEquals("\" padded\"", Csv.field(" padded")),
                () -> assertEquals("\"two\nlines\"", Csv.field("two\nlines")));
    }

    @Test
    void whatTheWritersWriteTheReadersReadBack() throws IOException {
        CatalogueEntry tricky = CatalogueEntry.stocked(new Pet(PetId.of(Long.MAX_VALUE), " \"Tom\", the\tcat\n🐈 ",
                PetStatus.PENDING), Quantity.of(Integer.MAX_VALUE), EntryVersion.of(Long.MAX_VALUE));
        CatalogueEntry unstocked = CatalogueEntry.unstocked(new Pet(PetId.of(5), "Polly", PetStatus.SOLD));
        for (FileFormat format : FileFormat.values()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            RecordWriter writer = format.writer(out, RecordKind.PETS);
            writer.pet(tricky);
            writer.pet(unstocked);
            writer.finish();

            List<ImportLine> lines = read(format, RecordKind.PETS, out.toByteArray());

            assertEquals(List.of(tricky, unstocked), lines.stream()
                    .map(line -> ((ImportLine.PetLine) line).entry()).toList(), format.name());
        }
    }
}
