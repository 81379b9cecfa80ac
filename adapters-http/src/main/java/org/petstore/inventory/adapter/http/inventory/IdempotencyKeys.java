package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.domain.IdempotentRequest;

/**
 * The {@code Idempotency-Key} request header of the requests that move stock (IETF
 * draft-ietf-httpapi-idempotency-key-header), read into the {@link IdempotentRequest} the use case keeps the answer
 * under.
 *
 * <ul>
 *   <li>The value is a Structured Field String (RFC 8941 §3.3.3), {@code "..."}: printable ASCII, with {@code \"}
 *       and {@code \\} escaped. Many clients send the key without quotes (e.g. a UUID), so a bare value of printable
 *       ASCII without spaces, quotes, commas or backslashes is taken as the key too: {@code "abc"} and {@code abc} are
 *       the same key. The key, unquoted, has 1 to {@link IdempotentRequest#MAX_KEY_LENGTH} characters. Anything
 *       else, and more than one field line, is 400 {@code VALIDATION_FAILED}.</li>
 *   <li>The scope is the API key's id (the authentication's name), so that two clients' keys never collide; where
 *       micronaut-security is switched off, every key is in the one scope {@value #NO_KEY_SCOPE}.</li>
 *   <li>The fingerprint is the hex SHA-256 of the method, the path as received (without the query) and the body as
 *       the controller received it (decoded, as UTF-8): the same key with another pet, another change or another
 *       spelling of the body is another request (422).</li>
 * </ul>
 */
final class IdempotencyKeys {

    static final String HEADER = "Idempotency-Key";
    /** The scope of every key where security is off: no API key to scope it to. */
    static final String NO_KEY_SCOPE = "-";
    static final String DESCRIPTION = "Experimental: a unique key for this request, 1 to 255 printable ASCII "
            + "characters, as a string in double quotes (e.g. \"8e03978e-40d5-43e8-bc93-6894a57f9324\"; without "
            + "quotes is accepted too). A retry with the same key and the same request (method, path, body) gets "
            + "the first answer again, with its status, body and ETag, and changes nothing; the same key with "
            + "another request is 422, and while the first request is still carried out 409. Keys are kept per API "
            + "key for PETSTORE_IDEMPOTENCY_KEY_RETENTION (24h).";

    private static final String EXPECTED = "send one key of 1 to " + IdempotentRequest.MAX_KEY_LENGTH
            + " printable ASCII characters in double quotes, such as Idempotency-Key: "
            + "\"8e03978e-40d5-43e8-bc93-6894a57f9324\"";
    private static final HexFormat HEX = HexFormat.of();

    private IdempotencyKeys() {
    }

    /**
     * The request's key with its scope and fingerprint, from all the field lines of its {@code Idempotency-Key}
     * ({@code first}, the first one, {@code null} when there is none: no key); 400 for a malformed one.
     *
     * @param body the body as the controller received it, already read (not null)
     */
    static Optional<IdempotentRequest> of(@Nullable String first, HttpRequest<?> request, String body,
                                          @Nullable Authentication authentication) {
        if (first == null) {
            return Optional.empty();
        }
        List<String> fieldLines = request.getHeaders().getAll(HEADER);
        if (fieldLines.size() > 1) {
            throw invalid("Idempotency-Key must be sent once, got " + fieldLines.size() + " field lines");
        }
        String key = unquoted(first.strip());
        if (key.isEmpty()) {
            throw invalid("Idempotency-Key must not be empty");
        }
        if (key.length() > IdempotentRequest.MAX_KEY_LENGTH) {
            throw invalid("Idempotency-Key must have at most " + IdempotentRequest.MAX_KEY_LENGTH
                    + " characters, got " + key.length());
        }
        String keyId = ChangeRequests.keyId(authentication);
        return Optional.of(new IdempotentRequest(keyId == null ? NO_KEY_SCOPE : keyId, key,
                fingerprint(request, body)));
    }

    /** The key a field value names: the content of a Structured Field String, or a bare value as it is. */
    private static String unquoted(String value) {
        if (!value.startsWith("\"")) {
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c <= ' ' || c >= 0x7F || c == '"' || c == ',' || c == '\\') {
                    throw malformed();
                }
            }
            return value;
        }
        StringBuilder key = new StringBuilder(value.length());
        for (int i = 1; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"') {
                if (i != value.length() - 1) {
                    throw malformed();
                }
                return key.toString();
            }
            if (c == '\\') {
                i++;
                if (i == value.length() || (value.charAt(i) != '"' && value.charAt(i) != '\\')) {
                    throw malformed();
                }
                c = value.charAt(i);
            } else if (c < ' ' || c >= 0x7F) {
                throw malformed();
            }
            key.append(c);
        }
        throw malformed(); // no closing quote
    }

    /** SHA-256 of the method, the path as received (without the query) and the body, as hex. */
    private static String fingerprint(HttpRequest<?> request, String body) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update((request.getMethodName() + ' ' + request.getUri().getRawPath() + '\n')
                    .getBytes(StandardCharsets.UTF_8));
            sha256.update(body.getBytes(StandardCharsets.UTF_8));
            return HEX.formatHex(sha256.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static ApiException malformed() {
        return invalid("Idempotency-Key must be a string in double quotes (printable ASCII, with \\\" and \\\\ "
                + "escaped) or a key without quotes, spaces, commas or backslashes");
    }

    private static ApiException invalid(String problem) {
        return new ApiException(ErrorCode.VALIDATION_FAILED, problem + ": " + EXPECTED);
    }
}
