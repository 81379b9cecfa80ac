package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ExpectedVersionsTest {

    @Test
    void anyAllowsEveryVersion() {
        assertTrue(ExpectedVersions.any().allow(EntryVersion.FIRST));
        assertTrue(ExpectedVersions.any().allow(EntryVersion.of(Long.MAX_VALUE)));
        assertTrue(ExpectedVersions.unconditional().allow(EntryVersion.of(Long.MAX_VALUE)));
    }

    @Test
    void onlyNoConditionAtAllIsNoCondition() {
        assertFalse(ExpectedVersions.unconditional().isCondition());
        assertTrue(ExpectedVersions.any().isCondition());
        assertTrue(ExpectedVersions.oneOf(EntryVersion.of(2)).isCondition());
    }

    @Test
    void oneOfAllowsExactlyTheGivenVersions() {
        ExpectedVersions expected = ExpectedVersions.oneOf(EntryVersion.of(2), EntryVersion.of(5));

        assertTrue(expected.allow(EntryVersion.of(2)));
        assertTrue(expected.allow(EntryVersion.of(5)));
        assertFalse(expected.allow(EntryVersion.of(3)));
        assertFalse(expected.allow(EntryVersion.FIRST));
    }

    @Test
    void oneOfNothingAllowsNoVersion() {
        assertFalse(ExpectedVersions.oneOf(List.of()).allow(EntryVersion.FIRST));
    }

    @Test
    void oneOfKeepsItsVersionsAsAnUnchangeableSet() {
        ExpectedVersions expected = ExpectedVersions.oneOf(List.of(EntryVersion.of(2), EntryVersion.of(2)));

        assertEquals(new ExpectedVersions.OneOf(Set.of(EntryVersion.of(2))), expected);
        assertThrows(UnsupportedOperationException.class,
                () -> ((ExpectedVersions.OneOf) expected).versions().add(EntryVersion.FIRST));
    }

    @Test
    void versionsAreRequired() {
        assertThrows(NullPointerException.class, () -> ExpectedVersions.oneOf((List<EntryVersion>) null));
        assertThrows(NullPointerException.class, () -> ExpectedVersions.oneOf(EntryVersion.FIRST, null));
        assertThrows(NullPointerException.class, () -> ExpectedVersions.any().allow(null));
    }
}
