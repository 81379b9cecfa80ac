package org.petstore.inventory.domain;

import java.util.Arrays;
import java.util.Optional;

/**
 * Why a stock count was changed, as the client that changed it says: new stock arrived, a customer returned a pet, a
 * pet was sold, a pet was lost (died, escaped, damaged), or a manual correction (after a count). A change may have no
 * reason.
 */
public enum ChangeReason {
    ARRIVAL("arrival"),
    RETURN("return"),
    SALE("sale"),
    LOSS("loss"),
    ADJUSTMENT("adjustment");

    private final String wireName;

    ChangeReason(String wireName) {
        this.wireName = wireName;
    }

    /** The lower-case name clients send and read. */
    public String wireName() {
        return wireName;
    }

    /** The reason of this name, exactly as {@link #wireName()} spells it. */
    public static Optional<ChangeReason> ofWireName(String name) {
        return Arrays.stream(values()).filter(reason -> reason.wireName.equals(name)).findFirst();
    }
}
