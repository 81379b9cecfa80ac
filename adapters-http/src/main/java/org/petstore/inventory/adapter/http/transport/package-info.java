/**
 * The Netty handlers in front of Micronaut, installed by {@link org.petstore.inventory.adapter.http.transport.TransportPipeline}.
 * Rule: a handler here only refuses what a client must not send, and only where Micronaut has no setting for it (the
 * request head's deadline, the connection cap, message framing, content codings, an unreadable URI), with the
 * {@code Error} body; {@code ResponseHeaders} puts the headers the contract requires of every response on all of them,
 * these refusals included. None answers a well-formed request. Every request that passes them is answered by Micronaut's
 * router, filters, micronaut-security and a controller.
 */
package org.petstore.inventory.adapter.http.transport;
