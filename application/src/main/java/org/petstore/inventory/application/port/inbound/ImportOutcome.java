package org.petstore.inventory.application.port.inbound;

import java.util.List;
import java.util.Objects;

/** What became of an import. Only {@link Imported} changed the store. */
public sealed interface ImportOutcome {

    /**
     * The files have problems; nothing changed.
     *
     * @param problems the first problems, at most the command's limit, pets file first, each file in line order
     * @param total    how many problems there are in all
     */
    record Refused(List<ImportProblem> problems, long total) implements ImportOutcome {

        public Refused {
            problems = List.copyOf(problems);
        }
    }

    /** The import would delete, and deletions were not confirmed; nothing changed. */
    record DeletionsUnconfirmed(ImportChanges changes) implements ImportOutcome {

        public DeletionsUnconfirmed {
            Objects.requireNonNull(changes, "changes");
        }
    }

    /** A dry run of valid files: what the import would change; nothing changed. */
    record Checked(ImportChanges changes) implements ImportOutcome {

        public Checked {
            Objects.requireNonNull(changes, "changes");
        }
    }

    /** The changes were applied, in one transaction. */
    record Imported(ImportChanges changes) implements ImportOutcome {

        public Imported {
            Objects.requireNonNull(changes, "changes");
        }
    }
}
