package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.convert.ArgumentConversionContext;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.ServerHttpRequest;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.bind.binders.AnnotatedRequestArgumentBinder;
import io.micronaut.http.bind.binders.PendingRequestBindingResult;
import io.micronaut.http.bind.binders.PostponedRequestArgumentBinder;
import io.micronaut.http.bind.binders.TypedRequestArgumentBinder;
import io.micronaut.http.body.CloseableAvailableByteBody;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;
import org.petstore.inventory.domain.IdempotentRequest;

/**
 * Binds the {@code Idempotency-Key} request header of the requests that move stock (IETF
 * draft-ietf-httpapi-idempotency-key-header), all its field lines, into the {@link IdempotencyKey} the use case keeps
 * the answer under. It never refuses a request itself: a key it cannot read is {@link IdempotencyKey.Unreadable},
 * which the use case refuses in its order of checks (after the body and the condition it may require).
 *
 * <p>The value is a Structured Field String (RFC 8941 §3.3.3) or, as many clients send a UUID, a bare value
 * ({@link #QUOTED}, {@link #BARE}): {@code "abc"} and {@code abc} are the same key, of 1 to
 * {@link IdempotentRequest#MAX_KEY_LENGTH} characters, in one field line. The scope is the API key's id, so that two
 * clients' keys never collide ({@value #NO_KEY_SCOPE} where micronaut-security is switched off). The fingerprint is
 * the hex SHA-256 of the method, the path as received (without the query) and the body as received (decoded from its
 * content coding): the same key with another pet, change or spelling of the body is another request (422). The body
 * is the request's own ({@link ServerHttpRequest#byteBody}, split off once the route's {@code @Body} has read it
 * all), so the fingerprint is taken when the route runs.
 */
@Singleton
final class IdempotencyKeys implements AnnotatedRequestArgumentBinder<Header, IdempotencyKey>,
        TypedRequestArgumentBinder<IdempotencyKey>, PostponedRequestArgumentBinder<IdempotencyKey> {

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
    private static final String MALFORMED = "Idempotency-Key must be a string in double quotes (printable ASCII, "
            + "with \\\" and \\\\ escaped) or a key without quotes, spaces, commas or backslashes";
    /** A Structured Field String: printable ASCII in double quotes, {@code "} and {@code \\} escaped. */
    private static final Pattern QUOTED = Pattern.compile("\"((?:[ !#-\\[\\]-~]|\\\\[\"\\\\])*)\"");
    /** A bare key, as many clients send a UUID: printable ASCII without spaces, quotes, commas or backslashes. */
    private static final Pattern BARE = Pattern.compile("[!#-+\\--\\[\\]-~]*");
    private static final HexFormat HEX = HexFormat.of();

    @Override
    public Class<Header> getAnnotationType() {
        return Header.class;
    }

    @Override
    public Argument<IdempotencyKey> argumentType() {
        return Argument.of(IdempotencyKey.class);
    }

    @Override
    public BindingResult<IdempotencyKey> bind(ArgumentConversionContext<IdempotencyKey> context,
                                              HttpRequest<?> source) {
        List<String> fieldLines = source.getHeaders().getAll(HEADER);
        if (fieldLines.isEmpty()) {
            return () -> Optional.of(IdempotencyKey.NONE);
        }
        String key = fieldLines.size() == 1 ? unquoted(fieldLines.getFirst().strip()) : null;
        String problem = fieldLines.size() > 1 ? "Idempotency-Key must be sent once, got " + fieldLines.size()
                + " field lines"
                : key == null ? MALFORMED
                : key.isEmpty() ? "Idempotency-Key must not be empty"
                : key.length() > IdempotentRequest.MAX_KEY_LENGTH ? "Idempotency-Key must have at most "
                        + IdempotentRequest.MAX_KEY_LENGTH + " characters, got " + key.length()
                : null;
        if (problem != null) {
            IdempotencyKey unreadable = new IdempotencyKey.Unreadable(problem + ": " + EXPECTED);
            return () -> Optional.of(unreadable);
        }
        String keyId = ChangeOrigins.keyId(source);
        String scope = keyId == null ? NO_KEY_SCOPE : keyId;
        return new PendingRequestBindingResult<>() {

            private Optional<IdempotencyKey> value;

            @Override
            public boolean isPending() {
                return false; // asked for when the route runs, once its @Body has read the whole body
            }

            @Override
            public Optional<IdempotencyKey> getValue() {
                if (value == null) {
                    value = Optional.of(new IdempotencyKey.Of(new IdempotentRequest(scope, key, fingerprint(source))));
                }
                return value;
            }
        };
    }

    /** The key a field value names: the content of a Structured Field String, or a bare value as it is; null: none. */
    private static String unquoted(String value) {
        Matcher quoted = QUOTED.matcher(value);
        return quoted.matches() ? quoted.group(1).replaceAll("\\\\(.)", "$1")
                : BARE.matcher(value).matches() ? value : null;
    }

    /** SHA-256 of the method, the path as received (without the query) and the body as received, as hex. */
    private static String fingerprint(HttpRequest<?> request) {
        try (CloseableAvailableByteBody body = ((ServerHttpRequest<?>) request).byteBody().split().buffer().join()) {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update((request.getMethodName() + ' ' + request.getUri().getRawPath() + '\n')
                    .getBytes(StandardCharsets.UTF_8));
            return HEX.formatHex(sha256.digest(body.toByteArray()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
