package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class FailureCausesTest {

    @Test
    void theChainRunsFromTheFailureToItsInnermostCause() {
        SQLException refused = new SQLException("refused");
        IllegalStateException pool = new IllegalStateException("pool", refused);
        RuntimeException startup = new RuntimeException("startup", pool);

        assertEquals(List.of(startup, pool, refused), FailureCauses.chain(startup).toList());
        assertSame(refused, FailureCauses.root(startup));
    }

    @Test
    void aFailureWithoutCauseIsItsOwnRoot() {
        IllegalStateException bug = new IllegalStateException("bug");

        assertEquals(List.of(bug), FailureCauses.chain(bug).toList());
        assertSame(bug, FailureCauses.root(bug));
    }

    @Test
    void aChainThatLoopsEndsBeforeTheRepetition() {
        LoopingFailure first = new LoopingFailure("first");
        LoopingFailure second = new LoopingFailure("second");
        first.next = second;
        second.next = first;

        assertEquals(List.of(first, second), FailureCauses.chain(first).toList());
        assertSame(second, FailureCauses.root(first));
    }

    private static final class LoopingFailure extends RuntimeException {

        private Throwable next;

        LoopingFailure(String message) {
            super(message);
        }

        @Override
        public synchronized Throwable getCause() {
            return next;
        }
    }
}
