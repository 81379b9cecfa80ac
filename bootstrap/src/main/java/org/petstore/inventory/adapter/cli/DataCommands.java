package org.petstore.inventory.adapter.cli;

import io.micronaut.context.annotation.Prototype;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The launcher's commands: {@code serve} (the default: the service) and the data commands {@code export},
 * {@code import} and {@code copy}, an inbound adapter of their own beside the HTTP one. They parse the command line
 * and the files, call the use cases, and report on standard output and standard error with the documented
 * {@link ExitCode exit codes}.
 */
@Prototype
@Command(name = "petstore-inventory",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "The Petstore Inventory service, and its data commands.",
            "Without a command, or with 'serve', it runs the service. The data commands use the same configuration "
                    + "(environment variables such as DATASOURCES_DEFAULT_URL select the database) and never start "
                    + "the HTTP server."},
        subcommands = {ServeSubcommand.class, ExportSubcommand.class, ImportSubcommand.class, CopySubcommand.class,
            KeysSubcommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "1:the data was refused; nothing was changed",
            "2:wrong usage; nothing was changed",
            "3:a database or file could not be used; nothing was changed"},
        footerHeading = "%nOf the launcher only:%n",
        footer = "  train-aot  Trains the AOT cache petstore-inventory.aot beside the jar, for a shorter start; train "
                + "again after every build and JDK update.")
public final class DataCommands implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** Without a command the launcher runs the service; here only when asked for something else. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCode.USAGE;
    }
}
