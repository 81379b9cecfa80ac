package org.petstore.inventory.adapter.http.drain;

/**
 * Published when the shutdown drain starts ({@link ShutdownDrain}): whatever holds a connection open for long (the
 * stock ledger's live feeds) ends it now, so that its client reconnects to another instance while this one still
 * answers.
 */
public record DrainStarted() {
}
