package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;

/**
 * One line (record) of an import file, numbered from 1 as a person counts lines: a valid pet, a valid order, or a line
 * the caller could not read, with what to fix.
 */
public sealed interface ImportLine {

    long line();

    record PetLine(long line, CatalogueEntry entry) implements ImportLine {

        public PetLine {
            Objects.requireNonNull(entry, "entry");
        }
    }

    record OrderLine(long line, Order order) implements ImportLine {

        public OrderLine {
            Objects.requireNonNull(order, "order");
        }
    }

    /** A line that is not a valid pet or order; {@code problem} tells a person what to fix. */
    record BadLine(long line, String problem) implements ImportLine {

        public BadLine {
            Objects.requireNonNull(problem, "problem");
        }
    }
}
