package org.petstore.inventory.application.port.outbound;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * One attempt to send, as the transport needs it. Equal by content; {@code toString} shows neither the body nor the
 * secrets.
 *
 * @param url       where to send it, read again before every attempt
 * @param messageId the {@code webhook-id} header: the delivery's id
 * @param body      the exact bytes to send; copied in and out
 * @param secrets   the secrets to sign with, current first (1 or 2: {@code SigningSecrets.at(attemptAt)}): one
 *                  {@code v1,} signature each, in this order
 * @param attemptAt this attempt's time: {@code webhook-timestamp} is its unix seconds (the signed timestamp)
 */
public record OutgoingWebhook(WebhookUrl url, String messageId, byte[] body, List<WebhookSecret> secrets,
                              Instant attemptAt) {

    public OutgoingWebhook {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(messageId, "messageId");
        body = Objects.requireNonNull(body, "body").clone();
        secrets = List.copyOf(secrets);
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("a delivery is signed with at least one secret");
        }
        Objects.requireNonNull(attemptAt, "attemptAt");
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OutgoingWebhook that && url.equals(that.url) && messageId.equals(that.messageId)
                && Arrays.equals(body, that.body) && secrets.equals(that.secrets) && attemptAt.equals(that.attemptAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(url, messageId, Arrays.hashCode(body), secrets, attemptAt);
    }

    @Override
    public String toString() {
        return "OutgoingWebhook[url=" + url + ", messageId=" + messageId + ", body=" + body.length + " bytes, secrets="
                + secrets.size() + ", attemptAt=" + attemptAt + "]";
    }
}
