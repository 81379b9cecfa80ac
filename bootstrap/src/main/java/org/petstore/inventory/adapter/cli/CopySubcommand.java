package org.petstore.inventory.adapter.cli;

import io.micronaut.context.annotation.Prototype;
import jakarta.inject.Inject;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.petstore.inventory.application.port.inbound.CopyCommand;
import org.petstore.inventory.application.port.inbound.CopyOutcome;
import org.petstore.inventory.application.port.inbound.CopyStoreUseCase;
import org.petstore.inventory.application.port.outbound.CredentialsRefusedException;
import org.petstore.inventory.application.port.outbound.IncompatibleStoreException;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.StoreSize;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code copy --to JDBC_URL}: the whole store into another database, verified before it commits. */
@Prototype
@Command(name = "copy",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Copies the whole store into another database, verified.",
            "",
            "Copies the whole store (pets, stock entries with their versions, orders, the stock ledger) from the "
                    + "configured database to the one at JDBC_URL (H2 or PostgreSQL): brings its schema to this "
                    + "version with the same migrations, refuses a target that holds data unless --replace is "
                    + "given, copies one snapshot in one transaction, and before committing reads the target back "
                    + "and compares the counts and a checksum over every row with the source's.",
            "",
            "The target's password comes from the environment variable " + CopySubcommand.PASSWORD_VARIABLE
                    + ", never from the command line. Without --to-user, PostgreSQL is signed in to as the "
                    + "operating-system user running the command.",
            "",
            "Example: PETSTORE_COPY_TO_PASSWORD=secret petstore-inventory copy --to "
                    + "jdbc:postgresql://db:5432/petstore --to-user petstore"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:copied and verified",
            "1:refused (the target holds data, or the copy did not verify); nothing was changed",
            "2:wrong usage (e.g. a password in the URL, the target is the configured database)",
            "3:a database could not be used (unreachable, locked, credentials, newer schema); nothing was changed"})
final class CopySubcommand implements Callable<Integer> {

    static final String PASSWORD_VARIABLE = "PETSTORE_COPY_TO_PASSWORD";

    private static final Pattern PASSWORD_IN_URL = Pattern.compile("(?i)[?&;:]password=");

    @Option(names = "--to", required = true, paramLabel = "JDBC_URL",
            description = "the target database, e.g. jdbc:postgresql://db:5432/petstore or "
                    + "jdbc:h2:file:/var/lib/petstore/petstore")
    String to;

    @Option(names = "--to-user", paramLabel = "USER",
            description = "the user to sign in to the target as; default: sa for H2, the operating-system user "
                    + "running the command for PostgreSQL")
    String toUser;

    @Option(names = "--replace", description = "delete what the target holds before copying")
    boolean replace;

    @Inject
    CopyStoreUseCase copyStore;

    @Inject
    Console console;

    @Override
    public Integer call() {
        PrintStream err = console.err();
        if (!to.strip().toLowerCase(Locale.ROOT).startsWith("jdbc:")) {
            err.println("copy: --to must be a JDBC URL such as jdbc:postgresql://db:5432/petstore, got '" + to + "'");
            return ExitCode.USAGE;
        }
        if (PASSWORD_IN_URL.matcher(to).find()) {
            err.println("copy: the URL holds a password: give it in the environment variable " + PASSWORD_VARIABLE
                    + " instead (a command line is visible to every user of the machine)");
            return ExitCode.USAGE;
        }
        String password = Optional.ofNullable(console.environment().apply(PASSWORD_VARIABLE)).orElse("");
        Progress progress = new Progress(console, "copy", "rows");
        CopyOutcome outcome;
        try {
            outcome = copyStore.copyStore(new CopyCommand(to.strip(), Optional.ofNullable(toUser), password, replace,
                    progress));
        } catch (CredentialsRefusedException e) {
            progress.finish();
            err.println("copy: " + e.getMessage() + whatToSet(e) + "; nothing was copied");
            return ExitCode.FAILED;
        } catch (StorageUnavailableException | IncompatibleStoreException e) {
            progress.finish();
            err.println("copy: " + e.getMessage() + "; nothing was copied");
            return ExitCode.FAILED;
        }
        progress.finish();
        return switch (outcome) {
            case CopyOutcome.Copied copied -> {
                PrintStream out = new PrintStream(console.out(), true, StandardCharsets.UTF_8);
                out.println("copied " + describe(copied.size(), copied.changes()) + " to " + to + " ("
                        + copied.schema() + ") in " + Numbers.seconds(progress.elapsedSeconds()));
                out.println("verified: the target holds the same "
                        + Numbers.grouped(rows(copied.size()) + copied.changes()) + " rows as the source; SHA-256 over "
                        + "every row: " + copied.checksum());
                yield ExitCode.OK;
            }
            case CopyOutcome.TargetNotEmpty notEmpty -> {
                err.println("copy: refused: the target already holds "
                        + describe(notEmpty.target(), notEmpty.changes()) + "; nothing was copied. Copy into an "
                        + "empty database, or give --replace to delete what it holds first");
                yield ExitCode.REFUSED;
            }
            case CopyOutcome.SameStore same -> {
                err.println("copy: --to names the configured database itself; nothing was copied");
                yield ExitCode.USAGE;
            }
            case CopyOutcome.Mismatch mismatch -> {
                err.println("copy: refused: read back, the target did not hold what was copied: source "
                        + describe(mismatch.source(), mismatch.sourceChanges()) + ", SHA-256 "
                        + mismatch.sourceChecksum() + "; target "
                        + describe(mismatch.target(), mismatch.targetChanges()) + ", SHA-256 "
                        + mismatch.targetChecksum() + "; the copy was rolled back, nothing was changed");
                yield ExitCode.REFUSED;
            }
        };
    }

    /**
     * What to set when the target refused the credentials: the password's variable when none was given; that the user
     * was not given; else the user and the password's variable to check.
     */
    private String whatToSet(CredentialsRefusedException e) {
        if (e.passwordMissing()) {
            return ": set " + PASSWORD_VARIABLE;
        }
        if (toUser == null && to.strip().toLowerCase(Locale.ROOT).startsWith("jdbc:postgresql:")) {
            return " (without --to-user the copy signs in as the operating-system user running it: give the "
                    + "target's user with --to-user)";
        }
        return ": check --to-user and " + PASSWORD_VARIABLE;
    }

    private static long rows(StoreSize size) {
        return size.pets() + size.orders();
    }

    /** "12 pets (12 with stock), 5 orders and 40 stock ledger changes". */
    static String describe(StoreSize size, long changes) {
        return Numbers.count(size.pets(), "pet", "pets") + " (" + Numbers.grouped(size.entries()) + " with stock), "
                + Numbers.count(size.orders(), "order", "orders") + " and "
                + Numbers.count(changes, "stock ledger change", "stock ledger changes");
    }
}
