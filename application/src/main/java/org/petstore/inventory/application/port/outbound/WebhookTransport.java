package org.petstore.inventory.application.port.outbound;

import org.petstore.inventory.domain.webhook.AttemptResult;

/** Sends one attempt of a delivery to its receiver, and tells what happened. */
public interface WebhookTransport {

    /**
     * {@code POST}s the body to the URL with {@code Content-Type: application/json} and the Standard Webhooks v1
     * headers: {@code webhook-id} (the message id), {@code webhook-timestamp} (the attempt's unix seconds) and
     * {@code webhook-signature}: for each secret, in order, {@code v1,} and the base64 of the HMAC-SHA256, keyed with
     * the secret's bytes, of {@code {id}.{timestamp}.{body}}, separated by single spaces.
     *
     * <p>The host is resolved at every attempt, every address it resolves to is checked by the {@code AddressPolicy}
     * (https, or http only into admitted networks), and the connection goes to an address that was checked, with TLS
     * checking the certificate against the URL's host. Redirects are never followed. The whole attempt takes at most
     * 10 s.
     *
     * <p>Never throws for anything the receiver or the network does. It answers the receiver's status (1xx is not an
     * answer; 2xx, 4xx, 5xx as they are), with its {@code Retry-After} for a 429 or 503 (delta-seconds, or an
     * HTTP-date taken against the attempt's time, not below 0; null when absent or malformed) and the start of its
     * body as the excerpt; or an error: {@code REDIRECT_REFUSED} for any 3xx (not followed), {@code TIMEOUT},
     * {@code REFUSED}, {@code ADDRESS_REFUSED} (a refused address, or a host that does not resolve), {@code TLS} or
     * {@code NETWORK}; each with how long the attempt took.
     */
    AttemptResult send(OutgoingWebhook message);
}
