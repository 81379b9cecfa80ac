package org.petstore.inventory.bootstrap;

/**
 * The JDK Flight Recorder events of the libraries the service runs on, kept off its first request.
 *
 * <p>The first use of a JFR event class registers its event type with JFR, which on a fresh JVM runs JFR's metadata
 * code (annotations read, types defined) whether or not a recording is on. Netty 4.2 does it for its buffer
 * allocation events, Micronaut for its HTTP request event; left alone, both happen during the first request, on the
 * event loop, about 0.15 s of CPU before the first answer. Netty's events are switched off (they are only of use in a
 * recording; {@code -Dio.netty.jfr.enabled=true} switches them on again); Micronaut's request event, which has no
 * switch, is registered on a thread of its own while the service starts. A JFR recording still gets that event.
 */
final class JfrEvents {

    /** Netty's switch for its JFR events, read once when Netty first initializes. */
    static final String NETTY_EVENTS = "io.netty.jfr.enabled";

    /** Micronaut's JFR event for each HTTP/1.1 request, created for every request its server reads. */
    static final String MICRONAUT_REQUEST_EVENT = "io.micronaut.http.server.netty.handler.Http1RequestEvent";

    private JfrEvents() {
    }

    /** Before anything uses Netty: its events off unless the JVM was told otherwise; Micronaut's registered now. */
    static void keepOffFirstRequest() {
        if (System.getProperty(NETTY_EVENTS) == null) {
            System.setProperty(NETTY_EVENTS, "false");
        }
        Thread.ofPlatform().daemon().name("petstore-jfr-events").start(JfrEvents::registerRequestEvent);
    }

    private static void registerRequestEvent() {
        try {
            Class.forName(MICRONAUT_REQUEST_EVENT, true, JfrEvents.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            // another Micronaut version without that class: its first request does what it needs
        }
    }
}
