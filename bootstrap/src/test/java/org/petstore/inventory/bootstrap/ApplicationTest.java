package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.context.exceptions.BeanInstantiationException;
import java.sql.SQLException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a failed start is reported: a database failure is told in one line, by its innermost SQL cause. */
class ApplicationTest {

    @Test
    void aDatabaseFailureIsFoundBehindTheFrameworkExceptions() {
        SQLException refused = new SQLException("Connection to db:5432 refused", "08001");
        var startupFailure = new BeanInstantiationException("Error instantiating bean of type [javax.sql.DataSource]",
                new IllegalStateException("Failed to initialize pool", new SQLException("pool", "08000", refused)));

        assertEquals(Optional.of(refused), Application.databaseFailure(startupFailure));
    }

    @Test
    void otherFailuresAreLeftToMicronaut() {
        assertEquals(Optional.empty(), Application.databaseFailure(new IllegalStateException("port in use")));
    }
}
