/**
 * Webhook deliveries, on the sending side (issue 50): what goes out to a subscriber's URL and how. The outbound
 * ports of the application are implemented here: {@link org.petstore.inventory.adapter.http.webhook.delivery.WebhookPayloadsJson}
 * ({@code WebhookPayloads}) writes the bodies with serde, each change as the same record the ledger's API answers;
 * {@link org.petstore.inventory.adapter.http.webhook.delivery.MicronautWebhookTransport} ({@code WebhookTransport})
 * signs ({@link org.petstore.inventory.adapter.http.webhook.delivery.StandardWebhookSignature}, Standard Webhooks v1)
 * and POSTs a delivery with Micronaut's Netty client and tells how it went; and
 * {@link org.petstore.inventory.adapter.http.webhook.delivery.JdkHostAddresses} ({@code HostAddresses}) looks a
 * webhook's host up. Settings: {@code petstore.webhook.allowed-networks} and {@code .timeout}
 * ({@link org.petstore.inventory.adapter.http.webhook.delivery.WebhookDeliverySettings}).
 *
 * <p>Rule: a connection goes only to an address that was checked. Every attempt resolves the host and checks every
 * address with the domain's {@code AddressPolicy} ({@code http://} only into admitted networks); a new connection's
 * name lookup goes through {@link org.petstore.inventory.adapter.http.webhook.delivery.CheckedAddressResolverGroup},
 * which checks again and hands Netty the checked {@code InetAddress} itself, so a DNS answer that changes between the
 * check and the connection cannot redirect it; TLS still sends and verifies the URL's host name. A resolver cannot
 * see the scheme, so there are two clients, one per scheme, each with its resolver
 * ({@link org.petstore.inventory.adapter.http.webhook.delivery.WebhookClientFactory}), their settings made in code,
 * and one event loop thread of their own. Redirects are never followed. Connections are kept alive between the
 * deliveries to one scheme, host and port, for a bounded time;
 * {@link org.petstore.inventory.adapter.http.webhook.delivery.WebhookExchangeDeadline} closes one whose answer has
 * not ended at the attempt's deadline, since Micronaut would otherwise read an unwanted answer to its end.
 */
package org.petstore.inventory.adapter.http.webhook.delivery;
