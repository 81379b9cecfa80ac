package org.petstore.inventory.adapter.persistence;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The chain of causes behind a failure: the failure itself, its cause, that cause's cause, and so on to the innermost
 * one. A chain that loops back on itself ends before the repetition.
 */
public final class FailureCauses {

    private FailureCauses() {
    }

    /** The failure and every cause behind it, outermost first. */
    public static Stream<Throwable> chain(Throwable failure) {
        List<Throwable> chain = new ArrayList<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable cause = failure; cause != null && seen.add(cause); cause = cause.getCause()) {
            chain.add(cause);
        }
        return chain.stream();
    }

    /** The innermost cause: where the failure started. The failure itself when it has no cause. */
    public static Throwable root(Throwable failure) {
        return chain(failure).reduce((outer, inner) -> inner).orElseThrow();
    }
}
