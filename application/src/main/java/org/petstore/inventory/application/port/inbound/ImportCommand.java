package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * An import: the pets file's lines and, when given, the orders file's, read as the use case consumes them.
 *
 * @param pets               the lines of the pets file: {@link ImportLine.PetLine}s and {@link ImportLine.BadLine}s
 * @param orders             the lines of the orders file ({@link ImportLine.OrderLine}s and
 *                           {@link ImportLine.BadLine}s), when one is given; then the store's orders are part of the
 *                           import (in {@link ImportMode#REPLACE}, they become exactly the file's)
 * @param mode               upsert or replace
 * @param dryRun             validate and count the changes, change nothing
 * @param deletionsConfirmed whether the import may delete pets, stock entries or orders
 * @param problemLimit       the most problems to report (their total is always counted); at least 1
 * @param progress           told when the checking and the applying begin
 */
public record ImportCommand(Stream<ImportLine> pets, Optional<Stream<ImportLine>> orders, ImportMode mode,
                            boolean dryRun, boolean deletionsConfirmed, int problemLimit,
                            ProgressListener progress) {

    public ImportCommand {
        Objects.requireNonNull(pets, "pets");
        Objects.requireNonNull(orders, "orders");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(progress, "progress");
        if (problemLimit < 1) {
            throw new IllegalArgumentException("the problem limit is at least 1, got " + problemLimit);
        }
    }
}
