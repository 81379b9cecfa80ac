package org.petstore.inventory.bootstrap;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The JDK Flight Recorder at the service's start: off unless {@value #SWITCH} asks for it, and the libraries' JFR
 * event types kept off the first request when it is on.
 *
 * <p>The first use of a JFR event class registers its event type with JFR, which on a fresh JVM runs JFR's metadata
 * code (the JDK's own event types read from their annotations, a proxy class defined for each annotation type) whether
 * or not a recording is on: about 0.15 s of CPU. Micronaut's HTTP server uses such an event for every request, so
 * every start paid it, on a 2-core machine about 0.12 s of the time to the first answer. Unless {@value #SWITCH} is
 * {@code true}, the JVM is told that JFR is not available here ({@value #JFR_UNAVAILABLE}, which the JDK reads when
 * JFR is first used), and registering an event costs nothing; a recording started with the JVM
 * ({@code -XX:StartFlightRecording} in {@code JAVA_OPTS}) is on before that and works either way.
 *
 * <p>With JFR on, Netty's buffer events stay off (they are only of use in a recording;
 * {@code -Dio.netty.jfr.enabled=true} switches them on again), and Micronaut's request event, which has no switch, is
 * registered on a thread of its own while the service starts, instead of during the first request on the event
 * loop. A recording still gets that event.
 */
final class JfrEvents {

    /**
     * The setting, as an environment variable or a system property: a switch's word ({@code true}, {@code yes} or
     * {@code on} switch the recorder on; {@code false}, the default, off).
     */
    static final String SWITCH = "PETSTORE_JFR";

    /** The JDK's own switch: when {@code true} as JFR is first used, JFR reports itself unavailable. */
    static final String JFR_UNAVAILABLE = "jfr.unsupported.vm";

    /** Netty's switch for its JFR events, read once when Netty first initializes. */
    static final String NETTY_EVENTS = "io.netty.jfr.enabled";

    /** Micronaut's JFR event for each HTTP/1.1 request, created for every request its server reads. */
    static final String MICRONAUT_REQUEST_EVENT = "io.micronaut.http.server.netty.handler.Http1RequestEvent";

    private static final Set<String> ON_WORDS = Set.of("true", "yes", "on");

    private JfrEvents() {
    }

    /** Before anything uses JFR or Netty: JFR off unless asked for; if on, the libraries' events as said above. */
    static void keepOffFirstRequest() {
        if (System.getProperty(NETTY_EVENTS) == null) {
            System.setProperty(NETTY_EVENTS, "false");
        }
        if (!recorderWanted(LogSettings::configured)) {
            if (System.getProperty(JFR_UNAVAILABLE) == null) {
                System.setProperty(JFR_UNAVAILABLE, "true");
            }
            return;
        }
        Thread.ofPlatform().daemon().name("petstore-jfr-events").start(JfrEvents::registerRequestEvent);
    }

    /** Whether the Flight Recorder is asked for; a value that is not a switch's word counts as the default, off. */
    static boolean recorderWanted(UnaryOperator<String> lookup) {
        return ON_WORDS.contains(word(lookup));
    }

    /** What is wrong with the setting, if anything: it is one of a switch's words ({@link SettingsCheck}). */
    static Optional<String> problem(UnaryOperator<String> lookup) {
        String word = word(lookup);
        return word.isEmpty() || SettingsCheck.BOOLEAN_WORDS.contains(word) ? Optional.empty()
                : Optional.of(SWITCH + " is '" + lookup.apply(SWITCH) + "', which is not true or false");
    }

    private static String word(UnaryOperator<String> lookup) {
        String value = lookup.apply(SWITCH);
        return value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
    }

    private static void registerRequestEvent() {
        try {
            Class.forName(MICRONAUT_REQUEST_EVENT, true, JfrEvents.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            // another Micronaut version without that class: its first request does what it needs
        }
    }
}
