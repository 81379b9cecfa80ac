package org.petstore.inventory.adapter.cli;

import io.micronaut.context.annotation.Prototype;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.petstore.inventory.application.port.inbound.ImportCatalogueUseCase;
import org.petstore.inventory.application.port.inbound.ImportChanges;
import org.petstore.inventory.application.port.inbound.ImportChanges.RowChanges;
import org.petstore.inventory.application.port.inbound.ImportCommand;
import org.petstore.inventory.application.port.inbound.ImportLine;
import org.petstore.inventory.application.port.inbound.ImportMode;
import org.petstore.inventory.application.port.inbound.ImportOutcome;
import org.petstore.inventory.application.port.inbound.ImportProblem;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code import FILE}: a catalogue in the export's shape, checked whole, then applied in one transaction.
 */
@Prototype
@Command(name = "import",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Loads pets and their stock (and orders) from a file, all or nothing.",
            "",
            "Loads pets with their stock (and, with --orders, orders) from FILE, JSON Lines or CSV in the shape "
                    + "'export' writes. Every line is checked first; a file with any bad line changes nothing and "
                    + "every bad line is reported with its number and what to fix. A valid file is applied in one "
                    + "transaction: all or nothing. An entry the import changes gets a new version.",
            "",
            "Modes: upsert (default) creates and updates the file's pets; replace also deletes every pet that is not "
                    + "in the file, so that the store equals the file. Deleting anything (a pet, a stock entry, an "
                    + "order) needs --yes.",
            "",
            "Example: petstore-inventory import pets.csv --mode replace --dry-run"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:imported; with --dry-run: the files are valid (what would change is printed)",
            "1:refused (bad lines, or deletions without --yes); nothing was changed",
            "2:wrong usage (e.g. no such file, format unknown)",
            "3:the database or a file could not be used; nothing was changed"})
final class ImportSubcommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "the pets file")
    Path file;

    @Option(names = "--format", paramLabel = "jsonl|csv", converter = FileFormat.Converter.class,
            description = "the format of the files; default: from each file's name (.jsonl, .csv)")
    FileFormat format;

    @Option(names = "--mode", paramLabel = "upsert|replace", converter = ModeConverter.class,
            description = "upsert (default): create and update the file's pets; replace: the store afterwards "
                    + "holds exactly the file's pets")
    ImportMode mode = ImportMode.UPSERT;

    @Option(names = "--orders", paramLabel = "FILE",
            description = "also load the orders of FILE (in replace mode, they become the store's orders)")
    Path orders;

    @Option(names = "--dry-run", description = "check the files and print what would change; change nothing")
    boolean dryRun;

    @Option(names = "--yes", description = "allow the import to delete pets, stock entries or orders")
    boolean yes;

    @Option(names = "--max-errors", paramLabel = "N", defaultValue = "50",
            description = "report at most N problems (default: ${DEFAULT-VALUE}); all are counted")
    int maxErrors;

    @Inject
    ImportCatalogueUseCase importCatalogue;

    @Inject
    Console console;

    @Override
    public Integer call() {
        PrintStream err = console.err();
        if (maxErrors < 1) {
            err.println("import: --max-errors must be at least 1, got " + maxErrors);
            return ExitCode.USAGE;
        }
        Optional<String> unusable = unusable(file).or(() -> orders == null ? Optional.empty() : unusable(orders));
        if (unusable.isPresent()) {
            err.println("import: " + unusable.get());
            return ExitCode.USAGE;
        }
        Optional<FileFormat> petsFormat = formatOf(file);
        Optional<FileFormat> ordersFormat = orders == null ? Optional.of(FileFormat.JSONL) : formatOf(orders);
        if (petsFormat.isEmpty() || ordersFormat.isEmpty()) {
            err.println("import: cannot tell the format of " + (petsFormat.isEmpty() ? file : orders) + " from its "
                    + "name: name it .jsonl or .csv, or give --format jsonl or --format csv");
            return ExitCode.USAGE;
        }
        Progress progress = new Progress(console, "import", "lines");
        List<ByteInput> inputs = new ArrayList<>();
        try {
            long petBytes = Files.size(file);
            progress.startedBytes(petBytes + (orders == null ? 0 : Files.size(orders)));
            Lines petLines = new Lines(open(file, inputs), petsFormat.get(), RecordKind.PETS, progress, 0, null);
            Optional<Stream<ImportLine>> orderLines = orders == null ? Optional.empty()
                    : Optional.of(new Lines(open(orders, inputs), ordersFormat.get(), RecordKind.ORDERS, progress,
                            petBytes, petLines).stream());
            ImportOutcome outcome = importCatalogue.importCatalogue(new ImportCommand(petLines.stream(), orderLines,
                    mode, dryRun, yes, maxErrors, progress));
            progress.finish();
            return report(outcome, progress.elapsedSeconds());
        } catch (IOException | UncheckedIOException e) {
            progress.finish();
            IOException cause = e instanceof UncheckedIOException unchecked ? unchecked.getCause() : (IOException) e;
            err.println("import: cannot read " + file + (orders == null ? "" : " or " + orders) + ": "
                    + Messages.of(cause) + "; nothing was changed");
            return ExitCode.FAILED;
        } catch (StorageUnavailableException e) {
            progress.finish();
            err.println("import: " + e.getMessage() + "; nothing was changed");
            return ExitCode.FAILED;
        } finally {
            inputs.forEach(ImportSubcommand::closeQuietly);
        }
    }

    private int report(ImportOutcome outcome, double seconds) {
        PrintStream err = console.err();
        PrintStream out = new PrintStream(console.out(), true, StandardCharsets.UTF_8);
        return switch (outcome) {
            case ImportOutcome.Refused refused -> {
                for (ImportProblem problem : refused.problems()) {
                    Path where = problem.file() == ImportProblem.ImportFile.PETS ? file : orders;
                    err.println(where + (problem.line() > 0 ? ":" + problem.line() : "") + ": " + problem.message());
                }
                long hidden = refused.total() - refused.problems().size();
                err.println("import: refused: " + Numbers.count(refused.total(), "problem", "problems") + " in "
                        + files() + (hidden > 0 ? " (" + Numbers.grouped(hidden) + " more not shown; "
                        + "--max-errors shows more)" : "") + "; nothing was changed");
                yield ExitCode.REFUSED;
            }
            case ImportOutcome.DeletionsUnconfirmed unconfirmed -> {
                err.println("import: refused: this import would delete " + deletions(unconfirmed.changes())
                        + "; nothing was changed. Run it again with --yes to delete (--dry-run shows every count)");
                yield ExitCode.REFUSED;
            }
            case ImportOutcome.Checked checked -> {
                out.println("dry run of " + files() + ": the files are valid; the import would change "
                        + summary(checked.changes()) + "; nothing was changed"
                        + (checked.changes().deletes() ? " (deleting needs --yes)" : ""));
                yield ExitCode.OK;
            }
            case ImportOutcome.Imported imported -> {
                out.println("imported " + files() + " in " + Numbers.seconds(seconds) + ": "
                        + summary(imported.changes()));
                yield ExitCode.OK;
            }
        };
    }

    private String files() {
        return orders == null ? file.toString() : file + " and " + orders;
    }

    /** "pets: 2 created, 1 updated (1 lost its stock), 9 unchanged, 0 deleted; orders: ...". */
    private String summary(ImportChanges changes) {
        String pets = "pets: " + rows(changes.pets(), changes.stockRemoved());
        return orders == null ? pets + " (orders not imported)" : pets + "; orders: " + rows(changes.orders(), 0);
    }

    private static String rows(RowChanges rows, long stockRemoved) {
        return Numbers.grouped(rows.created()) + " created, " + Numbers.grouped(rows.updated()) + " updated"
                + (stockRemoved > 0 ? " (" + Numbers.grouped(stockRemoved) + " losing their stock)" : "") + ", "
                + Numbers.grouped(rows.unchanged()) + " unchanged, " + Numbers.grouped(rows.deleted()) + " deleted";
    }

    private static String deletions(ImportChanges changes) {
        List<String> parts = new ArrayList<>();
        if (changes.pets().deleted() > 0) {
            parts.add(Numbers.count(changes.pets().deleted(), "pet", "pets") + " (with their stock)");
        }
        if (changes.stockRemoved() > 0) {
            parts.add("the stock entries of " + Numbers.count(changes.stockRemoved(), "pet", "pets"));
        }
        if (changes.orders().deleted() > 0) {
            parts.add(Numbers.count(changes.orders().deleted(), "order", "orders"));
        }
        return String.join(", ", parts);
    }

    private Optional<FileFormat> formatOf(Path path) {
        return format != null ? Optional.of(format) : FileFormat.ofFileName(path);
    }

    private static Optional<String> unusable(Path path) {
        if (!Files.exists(path)) {
            return Optional.of("no such file: " + path);
        }
        if (!Files.isRegularFile(path)) {
            return Optional.of(path + " is not a file");
        }
        return Optional.empty();
    }

    private static ByteInput open(Path path, List<ByteInput> inputs) throws IOException {
        ByteInput input = new ByteInput(Files.newInputStream(path));
        inputs.add(input);
        return input;
    }

    private static void closeQuietly(ByteInput input) {
        try {
            input.close();
        } catch (UncheckedIOException ignored) {
            // read to the end or abandoned: nothing to lose
        }
    }

    /**
     * The records of one file as a stream, read as the use case consumes it; reports the lines and bytes read to
     * the progress display (the orders file's bytes after the pets file's, its lines after the pets').
     */
    private static final class Lines extends Spliterators.AbstractSpliterator<ImportLine> {

        private final RecordReader reader;
        private final Progress progress;
        private final long bytesBefore;
        private final Lines before;
        private long lines;

        Lines(ByteInput input, FileFormat format, RecordKind kind, Progress progress, long bytesBefore,
                Lines before) {
            super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
            this.reader = format.reader(input, kind);
            this.progress = progress;
            this.bytesBefore = bytesBefore;
            this.before = before;
        }

        Stream<ImportLine> stream() {
            return StreamSupport.stream(this, false);
        }

        @Override
        public boolean tryAdvance(Consumer<? super ImportLine> action) {
            ImportLine line = reader.next();
            if (line == null) {
                return false;
            }
            lines++;
            progress.read((before == null ? 0 : before.lines) + lines, bytesBefore + reader.bytesRead());
            action.accept(line);
            return true;
        }
    }

    /** {@code --mode upsert|replace}. */
    static final class ModeConverter implements CommandLine.ITypeConverter<ImportMode> {

        @Override
        public ImportMode convert(String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "upsert" -> ImportMode.UPSERT;
                case "replace" -> ImportMode.REPLACE;
                default -> throw new CommandLine.TypeConversionException("'" + value + "' is not a mode: use upsert "
                        + "or replace");
            };
        }
    }
}
