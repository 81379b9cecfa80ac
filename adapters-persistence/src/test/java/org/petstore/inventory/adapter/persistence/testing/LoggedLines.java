package org.petstore.inventory.adapter.persistence.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/** The lines one class logs while an action runs, at INFO and above, each as its level and its message. */
public final class LoggedLines {

    private LoggedLines() {
    }

    public static List<String> of(Class<?> logging, Runnable action) {
        Logger logger = (Logger) LoggerFactory.getLogger(logging);
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        logger.addAppender(appender);
        logger.setLevel(Level.INFO);
        try {
            action.run();
        } finally {
            logger.detachAppender(appender);
            logger.setLevel(null);
        }
        return appender.list.stream().map(event -> event.getLevel() + " " + event.getFormattedMessage()).toList();
    }
}
