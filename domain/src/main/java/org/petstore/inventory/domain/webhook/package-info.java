/**
 * Webhooks (issue 50): what a subscription is ({@link org.petstore.inventory.domain.webhook.Webhook}, its
 * {@link org.petstore.inventory.domain.webhook.WebhookUrl} and
 * {@link org.petstore.inventory.domain.webhook.EventType}s), the Standard Webhooks secret and its rotation
 * ({@link org.petstore.inventory.domain.webhook.WebhookSecret},
 * {@link org.petstore.inventory.domain.webhook.SigningSecrets}), the retry schedule
 * ({@link org.petstore.inventory.domain.webhook.RetrySchedule}), what one attempt found
 * ({@link org.petstore.inventory.domain.webhook.AttemptResult}), and where a delivery may go
 * ({@link org.petstore.inventory.domain.webhook.AddressPolicy} over
 * {@link org.petstore.inventory.domain.webhook.Cidr} blocks).
 *
 * <p>Rules of this package, beyond the domain's own (plain Java, records that validate themselves, exceptions whose
 * message names the fix):
 * <ul>
 *   <li>Nothing here resolves a host name or opens a connection. {@code Cidr.parse} and {@code WebhookUrl.parse}
 *       read IP literals with their own parser and hand {@code InetAddress} only bytes, so no text ever reaches the
 *       JDK's name service from here. The addresses a host resolves to come from outside (the application's
 *       {@code HostAddresses}, the sending adapter's resolver), and {@code AddressPolicy} judges them.</li>
 *   <li>No signing here: HMAC needs {@code javax.crypto}, which the domain does not use. The sending adapter signs
 *       with {@link org.petstore.inventory.domain.webhook.WebhookSecret#key()}.</li>
 *   <li>A secret never appears in a message or a {@code toString}.</li>
 * </ul>
 */
package org.petstore.inventory.domain.webhook;
