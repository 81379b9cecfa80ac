/**
 * Webhook deliveries, on the sending side (issue 50): what goes out to a subscriber's URL and how.
 * {@link org.petstore.inventory.adapter.http.webhook.delivery.StandardWebhookSignature} writes the Standard Webhooks
 * v1 {@code webhook-signature} value; {@link org.petstore.inventory.adapter.http.webhook.delivery.MicronautWebhookTransport}
 * POSTs a delivery with Micronaut's HTTP client (the named service {@code micronaut.http.services.webhooks}) and
 * tells how it went: the receiver's status code or the kind of failure, the duration, and a short sanitised excerpt
 * of the answer. Rule: a connection goes only to an address that was checked. The client's name lookups go through
 * {@link org.petstore.inventory.adapter.http.webhook.delivery.CheckedAddressResolverGroup}, which refuses a host when
 * any of its addresses is refused and hands Netty the checked {@code InetAddress} itself, so a DNS answer that
 * changes between the check and the connection cannot redirect it; TLS still sends and verifies the URL's host name.
 * Redirects are never followed and connections are never pooled, so every delivery looks the host up and checks it
 * again; {@link org.petstore.inventory.adapter.http.webhook.delivery.WebhookConnectionLifetime} closes a connection
 * of the webhook client at the attempt's deadline, since Micronaut would otherwise read an unwanted answer to its end.
 */
package org.petstore.inventory.adapter.http.webhook.delivery;
