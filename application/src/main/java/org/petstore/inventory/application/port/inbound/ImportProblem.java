package org.petstore.inventory.application.port.inbound;

import java.util.Comparator;
import java.util.Objects;

/**
 * Why an import was refused, for a person: which file, which line (0 when the problem is not on one line of the file,
 * e.g. an order in the store that the file would leave without its pet), and what to fix.
 */
public record ImportProblem(ImportFile file, long line, String message) {

    /** Pets file first, then the orders file; each in line order. */
    public static final Comparator<ImportProblem> IN_FILE_ORDER =
            Comparator.comparing(ImportProblem::file).thenComparingLong(ImportProblem::line);

    public ImportProblem {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(message, "message");
    }

    /** The files of an import. */
    public enum ImportFile {
        PETS,
        ORDERS
    }
}
