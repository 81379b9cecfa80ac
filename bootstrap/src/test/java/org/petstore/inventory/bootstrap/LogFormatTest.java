package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The service's own logging configuration ({@code logback.xml}), as an operator selects it with
 * {@code PETSTORE_LOG_FORMAT}: readable text by default, one JSON object per line with {@code json}.
 */
@Tag("whole-log") // it captures or configures the JVM's logging: no other test class runs beside it (pom.xml)
class LogFormatTest {

    @Test
    void jsonFormatWritesEveryEventAsOneJsonObjectWithTheRequestId() throws Exception {
        List<String> lines = logWith("json");

        assertEquals(3, lines.size(), String.join("\n", lines));
        for (String line : lines) {
            assertTrue(line.startsWith("{\"timestamp\":") && line.endsWith("}"), line);
        }
        assertTrue(lines.get(0).contains("\"level\":\"INFO\""), lines.get(0));
        assertTrue(lines.get(0).contains("\"loggerName\":\"petstore.test\""), lines.get(0));
        assertTrue(lines.get(0).contains("\"mdc\": {\"requestId\":\"req-1\"}"), lines.get(0));
        assertTrue(lines.get(0).contains("\"formattedMessage\":\"stock of pet 2 set to 5\""), lines.get(0));
        assertTrue(lines.get(1).contains("\"kvpList\": [{\"status\":\"200\"}]"), lines.get(1));
        assertTrue(lines.get(2).contains("\"throwable\":{\"className\":\"java.lang.IllegalStateException\""),
                lines.get(2));
    }

    @Test
    void textFormatIsTheDefaultAndShowsTheRequestIdAfterTheLogger() throws Exception {
        List<String> lines = logWith(null);

        assertTrue(lines.get(0).matches("\\S+ INFO  \\[.+] petstore.test \\[req-1] - stock of pet 2 set to 5"),
                lines.get(0));
        assertTrue(lines.get(1).endsWith("petstore.test - no request"), lines.get(1));
    }

    @Test
    void theRootLevelIsTheConfiguredOneInEitherCaseElseInfo() throws Exception {
        assertEquals(Level.INFO, rootLevelWith(null));
        assertEquals(Level.WARN, rootLevelWith("WARN"));
        assertEquals(Level.DEBUG, rootLevelWith("debug"));
        assertEquals(Level.OFF, rootLevelWith("off"));
        // not a level: logged at the default, and the start stops with a line that says so (SettingsCheck)
        assertEquals(Level.INFO, rootLevelWith("LOUD"));
        assertEquals(Level.INFO, rootLevelWith("Debug"));
    }

    @Test
    void theFormatIsJsonInEitherCaseElseText() throws Exception {
        assertTrue(logWith("JSON").getFirst().startsWith("{\"timestamp\":"));
        assertTrue(logWith("xml").getFirst().matches("\\S+ INFO  \\[.+] petstore.test \\[req-1] - .*"));
    }

    private static Level rootLevelWith(String level) throws JoranException {
        LoggerContext context = new LoggerContext();
        try {
            if (level != null) {
                context.putProperty("PETSTORE_LOG_LEVEL", level);
            }
            configureAsShipped(context);
            return context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getLevel();
        } finally {
            context.stop();
        }
    }

    /** Configures logging from the service's {@code logback.xml}, with the context's properties as settings. */
    static void configureAsShipped(LoggerContext context) throws JoranException {
        int before = context.getStatusManager().getCount();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(LogFormatTest.class.getResource("/logback.xml"));
        List<Status> statuses = context.getStatusManager().getCopyOfStatusList();
        List<Status> problems = statuses.subList(Math.min(before, statuses.size()), statuses.size()).stream()
                .filter(status -> status.getLevel() > Status.INFO).toList();
        assertEquals(List.of(), problems, "logback's warnings and errors, which it would print at the start");
    }

    /** Configures a fresh logback as the service does and logs three events to a captured stdout. */
    private static List<String> logWith(String format) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        LoggerContext context = new LoggerContext();
        // the MDC that org.slf4j.MDC writes to: the one of the logback the tests run with
        context.setMDCAdapter(((LoggerContext) LoggerFactory.getILoggerFactory()).getMDCAdapter());
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            if (format != null) {
                context.putProperty("PETSTORE_LOG_FORMAT", format);
            }
            configureAsShipped(context);
            Logger logger = context.getLogger("petstore.test");
            MDC.put("requestId", "req-1");
            try {
                logger.info("stock of pet {} set to {}", 2, 5);
            } finally {
                MDC.remove("requestId");
            }
            if (format == null) {
                logger.info("no request");
            } else {
                logger.atInfo().addKeyValue("status", 200).log("answered");
                logger.error("failed", new IllegalStateException("line one\nline two"));
            }
        } finally {
            context.stop();
            System.setOut(original);
        }

        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
