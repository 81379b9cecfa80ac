package org.petstore.inventory.adapter.http.webhook.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The {@code webhook-signature} value against the Standard Webhooks specification's own test vector (the one the
 * reference libraries' Go and JavaScript tests use), and the rotation form with two signatures. A second, separate
 * verifier in this test (plain {@code javax.crypto.Mac}) checks every entry of a two-key header on its own.
 */
class StandardWebhookSignatureTest {

    /** The specification's test vector. */
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String MESSAGE_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long TIMESTAMP = 1614265330L;
    private static final byte[] PAYLOAD = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
    private static final String EXPECTED = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

    static byte[] key(String whsec) {
        return Base64.getDecoder().decode(whsec.substring("whsec_".length()));
    }

    @Test
    void theSpecificationsTestVector() {
        assertEquals(24, key(SECRET).length);

        assertEquals(EXPECTED, StandardWebhookSignature.headerValue(MESSAGE_ID, TIMESTAMP, PAYLOAD,
                List.of(key(SECRET))));
    }

    @Test
    void duringARotationBothSignaturesAreSentSeparatedByOneSpaceInTheOrderOfTheKeys() {
        byte[] next = new byte[32];
        for (int i = 0; i < next.length; i++) {
            next[i] = (byte) (i * 7 + 1);
        }

        String header = StandardWebhookSignature.headerValue(MESSAGE_ID, TIMESTAMP, PAYLOAD,
                List.of(next, key(SECRET)));

        String[] entries = header.split(" ", -1);
        assertEquals(2, entries.length, header);
        assertTrue(verifies(entries[0], next, MESSAGE_ID, TIMESTAMP, PAYLOAD), header);
        assertEquals(EXPECTED, entries[1]);
        assertTrue(verifies(entries[1], key(SECRET), MESSAGE_ID, TIMESTAMP, PAYLOAD), header);
    }

    @Test
    void theSignatureCoversTheIdTheTimestampAndEveryByteOfTheBody() {
        String signature = StandardWebhookSignature.headerValue(MESSAGE_ID, TIMESTAMP, PAYLOAD, List.of(key(SECRET)));
        byte[] changedBody = PAYLOAD.clone();
        changedBody[changedBody.length - 2] = '5';

        assertTrue(verifies(signature, key(SECRET), MESSAGE_ID, TIMESTAMP, PAYLOAD));
        assertFalse(verifies(signature, key(SECRET), MESSAGE_ID + "x", TIMESTAMP, PAYLOAD));
        assertFalse(verifies(signature, key(SECRET), MESSAGE_ID, TIMESTAMP + 1, PAYLOAD));
        assertFalse(verifies(signature, key(SECRET), MESSAGE_ID, TIMESTAMP, changedBody));
    }

    @Test
    void theBodyIsSignedAsItsBytesNotAsDecodedText() {
        // not UTF-8: a signer that decoded and re-encoded the body would sign U+FFFD instead
        byte[] body = {'{', '"', 'a', '"', ':', '"', (byte) 0xff, '"', '}'};

        String signature = StandardWebhookSignature.headerValue(MESSAGE_ID, TIMESTAMP, body, List.of(key(SECRET)));

        assertTrue(verifies(signature, key(SECRET), MESSAGE_ID, TIMESTAMP, body));
    }

    @Test
    void aDeliveryIsSignedWithAtLeastOneKeyAndAnIdWithoutDots() {
        assertThrows(IllegalArgumentException.class,
                () -> StandardWebhookSignature.headerValue(MESSAGE_ID, TIMESTAMP, PAYLOAD, List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> StandardWebhookSignature.headerValue("msg.1", TIMESTAMP, PAYLOAD, List.of(key(SECRET))));
    }

    /** An independent verifier of one {@code v1,} entry, as a receiver would write it. */
    private static boolean verifies(String entry, byte[] key, String id, long timestamp, byte[] body) {
        try {
            assertTrue(entry.startsWith("v1,"), entry);
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] signed = concat((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8), body);
            byte[] expected = mac.doFinal(signed);
            byte[] received = Base64.getDecoder().decode(entry.substring(3));
            return MessageDigest.isEqual(expected, received);
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] all = new byte[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
