package org.petstore.inventory.adapter.cli;

import io.micronaut.context.annotation.Prototype;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code serve}: described here for the help; the launcher's {@code main} runs the service itself, before any data
 * command is parsed, so that the service starts exactly as it always has.
 */
@Prototype
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Runs the service (the default when no command is given).",
            "",
            "The HTTP API on PETSTORE_PORT, configured by environment variables (see the README). Stop it with "
                    + "SIGTERM or Ctrl-C."})
final class ServeSubcommand implements Callable<Integer> {

    @Override
    public Integer call() {
        throw new IllegalStateException("the service is started by main(), never as a data command");
    }
}
