package org.petstore.inventory.domain.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScopesTest {

    private static final String CHOICES = "inventory:read, inventory:write, keys:admin, webhooks:admin";

    @Test
    void scopesAreParsedFromTheirWireNamesAndWrittenInTheOrderOfTheEnum() {
        Scopes scopes = Scopes.parse(List.of("keys:admin", "inventory:read"));

        assertEquals(Scopes.of(Scope.INVENTORY_READ, Scope.KEYS_ADMIN), scopes);
        assertEquals(List.of("inventory:read", "keys:admin"), scopes.wireNames());
        assertEquals("inventory:read,keys:admin", scopes.toString());
        assertEquals(Set.of(Scope.INVENTORY_READ, Scope.KEYS_ADMIN), scopes.granted());
    }

    @Test
    void anUnknownScopeIsRefusedWithTheChoices() {
        InvalidKeyRequestException refused = assertThrows(InvalidKeyRequestException.class,
                () -> Scopes.parse(List.of("inventory:read", "inventory:delete")));

        assertEquals("scopes: 'inventory:delete' is not a scope; the scopes are " + CHOICES, refused.getMessage());
        assertThrows(InvalidKeyRequestException.class, () -> Scopes.parse(List.of("Inventory:Read")));
        assertThrows(InvalidKeyRequestException.class, () -> Scopes.parse(List.of(" inventory:read")));
        assertThrows(InvalidKeyRequestException.class, () -> Scopes.parse(Arrays.asList((String) null)));
    }

    @Test
    void anUnknownScopeIsQuotedCutShort() {
        InvalidKeyRequestException refused = assertThrows(InvalidKeyRequestException.class,
                () -> Scopes.parse(List.of("x".repeat(10_000))));

        assertEquals("scopes: '" + "x".repeat(64) + "...' is not a scope; the scopes are " + CHOICES,
                refused.getMessage());
    }

    @Test
    void aScopeNamedTwiceIsRefused() {
        InvalidKeyRequestException refused = assertThrows(InvalidKeyRequestException.class,
                () -> Scopes.parse(List.of("inventory:read", "keys:admin", "inventory:read")));

        assertEquals("scopes: 'inventory:read' is named twice", refused.getMessage());
    }

    @Test
    void noScopeAtAllIsRefusedWithTheChoices() {
        String message = "scopes must name at least one scope: " + CHOICES;

        assertEquals(message, assertThrows(InvalidKeyRequestException.class, () -> Scopes.parse(List.of()))
                .getMessage());
        assertEquals(message, assertThrows(InvalidKeyRequestException.class, () -> Scopes.parse(null)).getMessage());
        assertEquals(message, assertThrows(InvalidKeyRequestException.class, () -> new Scopes(Set.of()))
                .getMessage());
        assertEquals(message, assertThrows(InvalidKeyRequestException.class, () -> new Scopes(null)).getMessage());
    }

    @Test
    void writingIncludesReadingAndNothingElseIncludesAnything() {
        Scopes writing = Scopes.of(Scope.INVENTORY_WRITE);
        Scopes reading = Scopes.of(Scope.INVENTORY_READ);
        Scopes admin = Scopes.of(Scope.KEYS_ADMIN);
        Scopes webhooks = Scopes.of(Scope.WEBHOOKS_ADMIN);

        assertTrue(writing.allow(Scope.INVENTORY_READ));
        assertTrue(writing.allow(Scope.INVENTORY_WRITE));
        assertFalse(writing.allow(Scope.KEYS_ADMIN));
        assertTrue(reading.allow(Scope.INVENTORY_READ));
        assertFalse(reading.allow(Scope.INVENTORY_WRITE));
        assertFalse(admin.allow(Scope.INVENTORY_READ));
        assertFalse(admin.allow(Scope.INVENTORY_WRITE));
        assertTrue(admin.allow(Scope.KEYS_ADMIN));
        assertFalse(admin.allow(Scope.WEBHOOKS_ADMIN));
        assertFalse(writing.allow(Scope.WEBHOOKS_ADMIN));
        assertTrue(webhooks.allow(Scope.WEBHOOKS_ADMIN));
        assertFalse(webhooks.allow(Scope.INVENTORY_READ));
        assertFalse(webhooks.allow(Scope.INVENTORY_WRITE));
        assertFalse(webhooks.allow(Scope.KEYS_ADMIN));
        for (Scope scope : Scope.values()) {
            assertTrue(Scopes.ALL.allow(scope), scope.wireName());
        }
    }

    @Test
    void scopesCoverWhatTheyAllow() {
        Scopes writingAdmin = Scopes.of(Scope.INVENTORY_WRITE, Scope.KEYS_ADMIN);

        assertTrue(writingAdmin.cover(Scopes.of(Scope.INVENTORY_READ)), "write includes read");
        assertTrue(writingAdmin.cover(Scopes.of(Scope.INVENTORY_READ, Scope.INVENTORY_WRITE)));
        assertTrue(writingAdmin.cover(writingAdmin));
        assertFalse(Scopes.of(Scope.INVENTORY_READ).cover(Scopes.of(Scope.INVENTORY_WRITE)));
        assertFalse(Scopes.of(Scope.KEYS_ADMIN).cover(Scopes.of(Scope.INVENTORY_READ)));
        assertFalse(Scopes.of(Scope.INVENTORY_WRITE).cover(Scopes.ALL), "keys:admin is not included");
        assertFalse(writingAdmin.cover(Scopes.ALL), "webhooks:admin is not included");
        assertFalse(Scopes.of(Scope.WEBHOOKS_ADMIN).cover(Scopes.of(Scope.KEYS_ADMIN)));
        assertTrue(Scopes.of(Scope.INVENTORY_WRITE, Scope.KEYS_ADMIN, Scope.WEBHOOKS_ADMIN).cover(Scopes.ALL),
                "every scope there is");
        assertTrue(Scopes.ALL.cover(writingAdmin));
    }

    @Test
    void wireNamesRoundTrip() {
        for (Scope scope : Scope.values()) {
            assertEquals(scope, Scope.ofWireName(scope.wireName()).orElseThrow());
            assertEquals(scope.wireName(), scope.toString());
        }
        assertEquals(CHOICES, Scope.choices());
    }
}
