package org.petstore.inventory.adapter.http.webhook.delivery;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.StringJoiner;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The value of the {@code webhook-signature} header of Standard Webhooks v1.0.0: for each key, {@code v1,} followed
 * by the base64 (standard alphabet, padded) of HMAC-SHA256 over {@code {message id}.{timestamp}.{body}}, the entries
 * separated by one space, in the order of the keys. A key is the secret's base64-decoded bytes (the part after
 * {@code whsec_}), not its text. During a secret rotation the delivery carries two entries, the new key's first.
 */
final class StandardWebhookSignature {

    private static final String ALGORITHM = "HmacSHA256";
    private static final byte DOT = '.';

    private StandardWebhookSignature() {
    }

    /**
     * @param messageId the {@code webhook-id} of the delivery; the specification asks that it hold no {@code .}
     * @param timestamp the {@code webhook-timestamp} of this attempt, in unix seconds
     * @param body      the exact bytes sent as the request body
     * @param keys      one key, or two during a rotation (the new one first); each is the secret's decoded bytes
     * @return the header value, e.g. {@code v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=}
     */
    static String headerValue(String messageId, long timestamp, byte[] body, List<byte[]> keys) {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(body, "body");
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a webhook is signed with at least one key");
        }
        if (messageId.indexOf('.') >= 0) {
            throw new IllegalArgumentException("a webhook message id holds no '.': " + messageId);
        }
        byte[] prefix = (messageId + "." + timestamp).getBytes(StandardCharsets.UTF_8);
        StringJoiner header = new StringJoiner(" ");
        for (byte[] key : keys) {
            header.add("v1," + Base64.getEncoder().encodeToString(hmac(key, prefix, body)));
        }
        return header.toString();
    }

    private static byte[] hmac(byte[] key, byte[] prefix, byte[] body) {
        if (key.length == 0) {
            throw new IllegalArgumentException("a webhook key is not empty");
        }
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            mac.update(prefix);
            mac.update(DOT);
            return mac.doFinal(body);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            // every Java platform has HmacSHA256, and a non-empty raw key always fits it
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }
}
