package org.petstore.inventory.adapter.cli;

import io.micronaut.context.annotation.Prototype;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.petstore.inventory.application.port.inbound.ExportSink;
import org.petstore.inventory.application.port.inbound.ExportStoreUseCase;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.StoreSize;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code export}: every pet with its stock (and, with {@code --orders}, every order) from one snapshot. */
@Prototype
@Command(name = "export",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Writes the store to a file (or standard output), from one snapshot.",
            "",
            "Writes every pet with its stock (petId, name, status, quantity, version), in petId order, as JSON Lines "
                    + "(the default) or CSV, to FILE or standard output; with --orders, every order too. Everything "
                    + "comes from one consistent snapshot, also while the service keeps writing (PostgreSQL).",
            "",
            "Example: petstore-inventory export --output pets.jsonl --orders orders.jsonl"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:exported",
            "2:wrong usage",
            "3:the database could not be read, or a file could not be written (no partial file is left)"})
final class ExportSubcommand implements Callable<Integer> {

    @Option(names = "--format", paramLabel = "jsonl|csv", converter = FileFormat.Converter.class,
            description = "the format; default: from the output file's name (.jsonl, .csv), else jsonl")
    FileFormat format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "write the pets to FILE (replaced when complete); default: standard output")
    Path output;

    @Option(names = "--orders", paramLabel = "FILE",
            description = "also write every order (id, petId, quantity, shipDate, status, complete) to FILE, in the "
                    + "same format")
    Path orders;

    @Inject
    ExportStoreUseCase exportStore;

    @Inject
    Console console;

    @Override
    public Integer call() {
        if (orders != null && output != null && orders.toAbsolutePath().equals(output.toAbsolutePath())) {
            console.err().println("export: --output and --orders name the same file; give each its own");
            return ExitCode.USAGE;
        }
        FileFormat chosen = format != null ? format
                : output != null ? FileFormat.ofFileName(output).orElse(FileFormat.JSONL) : FileFormat.JSONL;
        Progress progress = new Progress(console, "export", "rows");
        String where = output == null ? "standard output" : output.toString();
        try (Destination pets = output == null ? Destination.standardOutput(console.out()) : Destination.file(output);
             Destination orderFile = orders == null ? null : Destination.file(orders)) {
            RecordWriter petWriter = chosen.writer(pets.stream(), RecordKind.PETS);
            RecordWriter orderWriter = orderFile == null ? null : chosen.writer(orderFile.stream(), RecordKind.ORDERS);
            StoreSize exported = exportStore.exportStore(orders != null,
                    new Sink(petWriter, orderWriter, progress));
            petWriter.finish();
            if (orderWriter != null) {
                orderWriter.finish();
            }
            pets.commit();
            if (orderFile != null) {
                orderFile.commit();
            }
            progress.finish();
            console.err().println("export: wrote " + Numbers.count(exported.pets(), "pet", "pets") + " ("
                    + Numbers.grouped(exported.entries()) + " with stock) to " + where
                    + (orders == null ? "" : " and " + Numbers.count(exported.orders(), "order", "orders") + " to "
                            + orders)
                    + " in " + Numbers.seconds(progress.elapsedSeconds()) + " ("
                    + Numbers.rate(exported.pets() + exported.orders(), progress.elapsedSeconds()) + ")");
            return ExitCode.OK;
        } catch (IOException | UncheckedIOException e) {
            progress.finish();
            IOException cause = e instanceof UncheckedIOException unchecked ? unchecked.getCause() : (IOException) e;
            console.err().println("export: cannot write " + where + (orders == null ? "" : " or " + orders) + ": "
                    + Messages.of(cause) + "; nothing was exported");
            return ExitCode.FAILED;
        } catch (StorageUnavailableException e) {
            progress.finish();
            console.err().println("export: " + e.getMessage() + "; nothing was exported");
            return ExitCode.FAILED;
        }
    }

    /** Writes each row as the use case hands it over, and shows the progress. */
    private static final class Sink implements ExportSink {

        private final RecordWriter pets;
        private final RecordWriter orders;
        private final Progress progress;
        private long rows;

        Sink(RecordWriter pets, RecordWriter orders, Progress progress) {
            this.pets = pets;
            this.orders = orders;
            this.progress = progress;
        }

        @Override
        public void begin(StoreSize size) {
            progress.started(size.pets() + size.orders());
        }

        @Override
        public void pet(CatalogueEntry entry) {
            try {
                pets.pet(entry);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            progress.advanced(++rows);
        }

        @Override
        public void order(Order order) {
            try {
                orders.order(order);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            progress.advanced(++rows);
        }
    }
}
