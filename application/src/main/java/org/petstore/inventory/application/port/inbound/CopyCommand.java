package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import java.util.Optional;

/**
 * A copy of the store into the database at {@code targetUrl}.
 *
 * @param targetUrl      the JDBC URL of the target database
 * @param targetUser     the user to connect as; empty: the database's default
 * @param targetPassword the password (empty for none); never shown by {@link #toString()}
 * @param replace        whether a target that holds data may be emptied first
 * @param progress       follows the copy: the rows to copy, the rows done, the verification
 */
public record CopyCommand(String targetUrl, Optional<String> targetUser, String targetPassword, boolean replace,
                          ProgressListener progress) {

    public CopyCommand {
        Objects.requireNonNull(targetUrl, "targetUrl");
        Objects.requireNonNull(targetUser, "targetUser");
        Objects.requireNonNull(targetPassword, "targetPassword");
        Objects.requireNonNull(progress, "progress");
    }

    @Override
    public String toString() {
        return "CopyCommand[targetUrl=" + targetUrl + ", targetUser=" + targetUser + ", replace=" + replace + "]";
    }
}
