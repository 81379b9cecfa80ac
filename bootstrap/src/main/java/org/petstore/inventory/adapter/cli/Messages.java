package org.petstore.inventory.adapter.cli;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** One line for a person about a failure of a file. */
final class Messages {

    private Messages() {
    }

    static String of(Throwable failure) {
        return switch (failure) {
            case NoSuchFileException e -> "no such file or directory: " + e.getFile();
            case AccessDeniedException e -> "permission denied: " + e.getFile();
            case FileSystemException e -> e.getReason() == null ? String.valueOf(e.getMessage())
                                                                 : e.getReason() + ": " + e.getFile();
            default -> failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        };
    }
}
