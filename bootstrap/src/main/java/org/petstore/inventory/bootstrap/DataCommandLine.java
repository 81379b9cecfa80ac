package org.petstore.inventory.bootstrap;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import io.micronaut.configuration.picocli.MicronautFactory;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import org.petstore.inventory.adapter.cli.Console;
import org.petstore.inventory.adapter.cli.DataCommands;
import org.petstore.inventory.adapter.cli.ExitCode;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseFailure;
import org.petstore.inventory.adapter.persistence.FailureCauses;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * Runs a data command ({@code export}, {@code import}, {@code copy}) in place of the service: the command line is
 * parsed first, without Micronaut, so that help, the version and wrong usage answer at once and touch no database;
 * then an application context starts in the {@code cli} environment, with the service's configuration but no HTTP
 * server (only {@code Micronaut.run} would start it), and picocli runs the command with its beans
 * ({@link MicronautFactory}). The data commands log nothing unless {@code PETSTORE_LOG_LEVEL} asks for it, and then to
 * standard error ({@code logback-cli.xml}): standard output may carry an export, and every error is one line of the
 * command's own. The process exits with the command's exit code ({@link ExitCode}).
 */
final class DataCommandLine {

    /** What the first argument must be for the service to run. */
    static final String SERVE = "serve";

    /** The credentials of the configured database, for the line that says which one to set. */
    private static final String USER_PROPERTY = "datasources.default.username";
    private static final String PASSWORD_PROPERTY = "datasources.default.password";

    private static final Set<String> HELP_AND_VERSION = Set.of("-h", "--help", "-V", "--version");

    private DataCommandLine() {
    }

    /**
     * Whether the arguments ask for a data command (or for the help or version): a first argument that is not an
     * option, other than {@code serve}, or {@code serve} asked for its help. Anything else runs the service as it
     * always has, its arguments (Micronaut's {@code -key=value} settings, say) passed on.
     */
    static boolean isDataCommand(String[] args) {
        if (args.length == 0) {
            return false;
        }
        if (args[0].equals(SERVE)) {
            return args.length > 1 && HELP_AND_VERSION.contains(args[1]);
        }
        return !args[0].startsWith("-") || HELP_AND_VERSION.contains(args[0]);
    }

    /** The service's arguments: those given, without a leading {@code serve}. */
    static String[] serviceArguments(String[] args) {
        return args.length > 0 && args[0].equals(SERVE) ? Arrays.copyOfRange(args, 1, args.length) : args;
    }

    /** Runs the command in this process, on its standard streams and environment; returns the exit code. */
    static int runInThisProcess(String[] args) {
        logToStandardErrorOnly();
        Console console = Console.ofProcess();
        try {
            return run(args, Map.of(), console);
        } finally {
            console.flush();
        }
    }

    /**
     * Runs the command with the given configuration properties on top of the service's configuration (the tests'
     * way to point it at a database); returns the exit code.
     */
    static int run(String[] args, Map<String, Object> properties, Console console) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(console.out(), StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(console.err(), true);
        CommandLine parser = configured(new CommandLine(new DataCommands()), out, err, null);
        CommandLine.ParseResult parsed;
        try {
            parsed = parser.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            return usageError(e);
        }
        Integer helpExitCode = CommandLine.executeHelpRequest(parsed);
        if (helpExitCode != null) {
            out.flush();
            return helpExitCode;
        }
        if (!parsed.hasSubcommand()) {
            parser.usage(err);
            return ExitCode.USAGE;
        }
        String command = "petstore-inventory " + parsed.subcommand().commandSpec().name();

        ApplicationContext context = ApplicationContext.builder()
                .environments(Environment.CLI)
                .properties(properties)
                .singletons(console)
                .banner(false)
                .build();
        try {
            context.start();
        } catch (RuntimeException e) {
            err.println(command + ": " + cannotStart(command, e, context));
            closeQuietly(context);
            return ExitCode.FAILED;
        }
        try (context) {
            CommandLine commands = configured(new CommandLine(DataCommands.class, new MicronautFactory(context)),
                    out, err, context);
            return commands.execute(args);
        } catch (RuntimeException e) {
            err.println(command + ": " + cannotStart(command, e, context));
            return ExitCode.FAILED;
        } finally {
            out.flush();
        }
    }

    /**
     * Replaces the service's logging ({@code logback.xml}, already in effect: Micronaut's classes log from their
     * static initializers) with the data commands' ({@code logback-cli.xml}).
     */
    private static void logToStandardErrorOnly() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logging) {
            logging.reset();
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(logging);
            try {
                configurator.doConfigure(DataCommandLine.class.getResource("/logback-cli.xml"));
            } catch (JoranException e) {
                System.err.println("petstore-inventory: the logging configuration logback-cli.xml is broken: "
                        + e.getMessage());
            }
        }
    }

    private static CommandLine configured(CommandLine commandLine, PrintWriter out, PrintWriter err,
            ApplicationContext context) {
        return commandLine
                .setOut(out)
                .setErr(err)
                .setParameterExceptionHandler((e, args) -> usageError(e))
                .setExecutionExceptionHandler((e, failed, parsed) -> {
                    String command = failed.getCommandSpec().qualifiedName();
                    failed.getErr().println(command + ": " + cannotStart(command, e, context));
                    return ExitCode.FAILED;
                });
    }

    private static void closeQuietly(ApplicationContext context) {
        try {
            context.close();
        } catch (RuntimeException ignored) {
            // it did not start: there is nothing of it to keep
        }
    }

    /** Wrong usage: what is wrong, suggestions for a mistyped name, and where the help is. */
    private static int usageError(CommandLine.ParameterException e) {
        CommandLine failed = e.getCommandLine();
        String name = failed.getCommandSpec().qualifiedName();
        failed.getErr().println(name + ": " + e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, failed.getErr());
        failed.getErr().println("Try '" + name + " --help' for more information.");
        return ExitCode.USAGE;
    }

    /** One line on a failure that no command handled: the database's reason when it is the database. */
    static String cannotStart(String command, Throwable failure, ApplicationContext context) {
        if (command.startsWith("petstore-inventory keys")
                && DatabaseFailure.of(failure) == DatabaseFailure.FILES_IN_USE) {
            return "the embedded H2 database is held by the running service: manage its keys through the key API "
                    + "(POST /v1/keys with a keys:admin key, see the README); nothing was changed";
        }
        String url = context == null ? null
                : context.getEnvironment().getProperty(DatabaseBackend.URL_PROPERTY, String.class).orElse(null);
        String database = "the inventory database" + (url == null ? "" : " at " + DatabaseBackend.redact(url));
        if (context != null && DatabaseFailure.of(failure, context.getEnvironment()
                .getProperty(PASSWORD_PROPERTY, String.class).map(password -> !password.isEmpty()).orElse(true))
                == DatabaseFailure.PASSWORD_MISSING) {
            return database + " asks user " + context.getEnvironment().getProperty(USER_PROPERTY, String.class)
                    .orElse("?") + " for a password, and none is set: set " + new Settings(context.getEnvironment())
                    .variable(PASSWORD_PROPERTY) + "; nothing was changed";
        }
        return DatabaseFailure.reason(failure)
                .map(reason -> database + " cannot be used: " + reason + "; nothing was changed")
                .orElseGet(() -> {
                    Throwable root = FailureCauses.root(failure);
                    return "failed: " + (root.getMessage() == null ? root.getClass().getSimpleName()
                                                                   : root.getMessage().lines().findFirst().orElse(""))
                            + "; nothing was changed";
                });
    }
}
