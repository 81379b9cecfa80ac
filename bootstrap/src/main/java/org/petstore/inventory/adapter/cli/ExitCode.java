package org.petstore.inventory.adapter.cli;

/**
 * The exit codes of the data commands, as the README documents them. Whatever the code, a command that did not
 * succeed changed nothing.
 */
public final class ExitCode {

    /** Done: exported, imported (or checked, in a dry run), copied and verified. */
    public static final int OK = 0;

    /**
     * The data was refused: an import file with bad lines, an import that would delete without {@code --yes}, a copy
     * target that is not empty, a copy that did not verify.
     */
    public static final int REFUSED = 1;

    /** Wrong usage: an unknown command or option, a missing or malformed argument, a file that does not exist. */
    public static final int USAGE = 2;

    /**
     * It could not be done: a database that cannot be reached or used (down, locked by the running service,
     * credentials refused, schema of a newer version), a file that cannot be read or written.
     */
    public static final int FAILED = 3;

    private ExitCode() {
    }
}
