package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.BeanRegistration;
import io.micronaut.context.env.EnvironmentPropertySource;
import io.micronaut.context.env.MapPropertySource;
import io.micronaut.context.env.PropertySource;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.runtime.EmbeddedApplication;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.LoggerFactory;

/**
 * A start of the service that fails, and what it told: the exit status and every line it wrote. Made either by the
 * service as a process of its own ({@link ServiceProcess}) or, much faster, in this JVM ({@link #inThisJvm}); the
 * same assertion holds for both ({@link #assertFailsWith}).
 */
record FailedStart(int exitCode, List<String> output) {

    private static final Pattern FAILURE_LINE =
            Pattern.compile("\\S+ ERROR \\[main] o\\.p\\.inventory\\.bootstrap\\.Application - Cannot start: (.*)");

    /** Micronaut's reading of an environment variable's name: {@code _<index>_} is a list's element. */
    private static final Pattern LIST_INDEX = Pattern.compile("_([0-9]{1,2})(?:_|$)");

    /** In place of an exit status: the start did not fail, so main would not have exited. */
    private static final int STARTED = -1;

    /** Every line the service wrote, for a failure message. */
    String transcript() {
        return String.join("\n", output);
    }

    /**
     * Asserts that the start exited with status 1 after exactly one line that tells the expected cause, and with no
     * stack trace, warning or other error.
     */
    void assertFailsWith(String expectedCause) {
        assertEquals(1, exitCode, transcript());
        List<String> failures = output.stream().filter(line -> FAILURE_LINE.matcher(line).matches()).toList();
        assertEquals(1, failures.size(), transcript());
        Matcher failure = FAILURE_LINE.matcher(failures.getFirst());
        assertTrue(failure.matches());
        assertEquals(expectedCause, failure.group(1), transcript());
        List<String> noise = output.stream()
                .filter(line -> !line.equals(failures.getFirst()))
                .filter(line -> line.contains(" ERROR ") || line.contains(" WARN ") || line.startsWith("\tat ")
                        || line.startsWith("Caused by") || line.contains("Exception"))
                .toList();
        assertEquals(List.of(), noise, transcript());
    }

    /** The service as a process of its own, started by {@code main} with these environment variables. */
    static FailedStart asProcess(Path workDirectory, Map<String, String> environment, String... jvmOptions) {
        ServiceProcess.Exit exit = ServiceProcess.runUntilExit(workDirectory, environment, jvmOptions);
        return new FailedStart(exit.code(), exit.output());
    }

    /**
     * Starts the service in this JVM as {@code main} does ({@link Application#service}, then the application context
     * and its HTTP server, as {@code Micronaut.start} does), with these variables in place of the process's
     * environment, and the service's own logging ({@code logback.xml}) to a captured standard output and error.
     * A start that fails is told by {@link Application#startupFailed}, the code that {@code main} runs then, which
     * also returns the exit status. Afterwards the tests' logging is back.
     *
     * <p>As the process: the variables are read as Micronaut reads the environment (a property source like its
     * {@link EnvironmentPropertySource}), and the logging settings ({@link LogSettings}) as logback and the
     * settings check read them (as system properties, which they look at first). What differs: the JVM is the
     * tests' (its options, what it has loaded and told before), and no process exits.
     */
    static FailedStart inThisJvm(Map<String, String> environment) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
        LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
        List<String> logSettings = List.of(LogSettings.FORMAT, LogSettings.LEVEL).stream()
                .filter(environment::containsKey).toList();
        ApplicationContext context = null;
        int exitCode = STARTED;
        try {
            logSettings.forEach(name -> System.setProperty(name, environment.get(name)));
            System.setOut(capture);
            System.setErr(capture);
            configure(logging, "/logback.xml");
            Application service = Application.service(new String[0]);
            service.environmentPropertySource(false)
                    .propertySources(environmentVariables(environment))
                    // no SIGTERM handler for the tests' JVM, should the start not fail
                    .properties(Map.of(TerminationSignal.ENABLED, false));
            // no "test" environment, which Micronaut deduces from JUnit on the stack: the process has none
            service.deduceEnvironment(false);
            context = service.build();
            try {
                context.start();
                EmbeddedApplication<?> server = context.findBean(EmbeddedApplication.class).orElse(null);
                if (server != null) {
                    server.start();
                }
            } catch (Throwable failure) {
                // Micronaut.start hands whatever the start throws to the application's handleStartupException
                exitCode = Application.startupFailed(context.getEnvironment(), failure);
            }
        } finally {
            capture.flush();
            System.setOut(out);
            System.setErr(err);
            logSettings.forEach(System::clearProperty);
            configure(logging, "/logback-test.xml");
            if (context != null) {
                close(context);
            }
        }
        return new FailedStart(exitCode, captured.toString(StandardCharsets.UTF_8).lines().toList());
    }

    /**
     * Closes what the start made, which the process's exit would end: a context that started is closed; one whose
     * start failed is not running, and closing it does nothing, so each bean it made (a connection pool, the event
     * loops) is destroyed.
     */
    private static void close(ApplicationContext context) {
        if (context.isRunning()) {
            context.close();
            return;
        }
        for (BeanRegistration<?> bean : List.copyOf(context.getActiveBeanRegistrations(Qualifiers.any()))) {
            try {
                context.destroyBean(bean);
            } catch (RuntimeException ignored) {
                // a bean that cannot be destroyed: the others still are
            }
        }
    }

    /** The variables as Micronaut's {@link EnvironmentPropertySource} makes them a property source. */
    private static PropertySource environmentVariables(Map<String, String> environment) {
        Map<String, Object> variables = new LinkedHashMap<>();
        environment.forEach((name, value) -> variables.put(LIST_INDEX.matcher(name).replaceAll("[$1]"), value));
        return new MapPropertySource(EnvironmentPropertySource.NAME, variables) {
            @Override
            public int getOrder() {
                return EnvironmentPropertySource.POSITION;
            }

            @Override
            public PropertyConvention getConvention() {
                return PropertyConvention.ENVIRONMENT_VARIABLE;
            }
        };
    }

    /** Replaces the logging configuration with the one in this resource; logback may not warn of it. */
    private static void configure(LoggerContext logging, String resource) {
        logging.reset();
        logging.getStatusManager().clear();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(logging);
        try {
            configurator.doConfigure(FailedStart.class.getResource(resource));
        } catch (JoranException e) {
            throw new IllegalStateException(resource + " cannot be read", e);
        }
        // what a logger reports of an event logged meanwhile (by a thread of another test) is not the configuration's
        List<Status> problems = logging.getStatusManager().getCopyOfStatusList().stream()
                .filter(status -> status.getLevel() > Status.INFO && !(status.getOrigin() instanceof Logger))
                .toList();
        assertEquals(List.of(), problems, "logback's warnings and errors on " + resource
                + ", which it would print at the start");
    }
}
