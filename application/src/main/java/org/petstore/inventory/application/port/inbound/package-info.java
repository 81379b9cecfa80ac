/**
 * The use cases: one interface per operation, named for what the caller wants ({@code ...UseCase}), with
 * self-validating command records. The inbound adapters (HTTP, the data commands) call these and nothing else of
 * {@code application}. Inbound ports never depend on outbound ports.
 */
package org.petstore.inventory.application.port.inbound;
