package org.petstore.inventory.domain;

import java.util.Arrays;
import java.util.Optional;

/** Through what a stock count was changed: a client of the API, or a data import. */
public enum ChangeSource {
    API("api"),
    IMPORT("import");

    private final String wireName;

    ChangeSource(String wireName) {
        this.wireName = wireName;
    }

    /** The lower-case name clients read. */
    public String wireName() {
        return wireName;
    }

    /** The source of this name, exactly as {@link #wireName()} spells it. */
    public static Optional<ChangeSource> ofWireName(String name) {
        return Arrays.stream(values()).filter(source -> source.wireName.equals(name)).findFirst();
    }
}
