package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.security.authentication.Authentication;
import jakarta.inject.Singleton;
import java.util.function.Supplier;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StaleInventoryEntryException;

/**
 * What the requests that change stock share, so that they check and answer alike: the body's media type (415), the
 * {@code If-Match} of a change of one entry (400 when malformed, 428 when required and missing, 412 when stale), the
 * {@link ChangeOrigin} the stock ledger records, and the answer with the entry and its strong {@code ETag}.
 */
@Singleton
final class ChangeRequests {

    /** The request's id, which the service sets on every request it handles (see {@code RequestId}). */
    static final String REQUEST_ID = "X-Request-Id";

    static final String ENTRY_TAG = "The entry's strong entity tag, \"<petId>.<version>\"; it changes with every "
            + "change of the entry";
    static final String IF_MATCH = "Change only if the entry's current ETag is one of these strong tags (or *: any "
            + "version); required when the service runs with PETSTORE_REQUIRE_IF_MATCH=true";

    private final ConditionalUpdatesConfiguration conditionalUpdates;

    ChangeRequests(ConditionalUpdatesConfiguration conditionalUpdates) {
        this.conditionalUpdates = conditionalUpdates;
    }

    /**
     * 415 for a body without {@code Content-Type}: {@code @Consumes} lets such a request through, and the body must
     * still say it is JSON (a body of another media type is refused by {@code @Consumes}).
     */
    static void requireJson(@Nullable String contentType) {
        if (contentType == null) {
            throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
        }
    }

    /**
     * The versions of the pet's entry the request accepts: those its {@code If-Match} ({@code ifMatch}: its first
     * field line) names, read from all its field lines (400 for a header that does not follow the grammar, which is
     * never taken for no condition at all); without {@code If-Match}, any version, unless
     * {@code petstore.require-if-match} is on (428).
     */
    ExpectedVersions expectedVersions(@Nullable String ifMatch, HttpRequest<?> request, PetId petId) {
        if (ifMatch == null) {
            if (conditionalUpdates.requireIfMatch()) {
                throw new ApiException(ErrorCode.PRECONDITION_REQUIRED);
            }
            return ExpectedVersions.any();
        }
        EntityTag.Condition condition = EntityTag.parseCondition(request.getHeaders().getAll(HttpHeaders.IF_MATCH))
                .orElseThrow(() -> new ApiException(ErrorCode.BAD_REQUEST, "If-Match must be * or a "
                        + "comma-separated list of entity tags in double quotes, such as the entry's ETag \""
                        + petId + ".1\""));
        return InventoryTags.expectedBy(condition, petId);
    }

    /**
     * A batch, whose changes cannot carry {@code If-Match}: refused with 428 when {@code petstore.require-if-match} is
     * on, since a service that accepts only conditional updates accepts no change its client did not condition.
     */
    void refuseUnconditionalBatch() {
        if (conditionalUpdates.requireIfMatch()) {
            throw new ApiException(ErrorCode.PRECONDITION_REQUIRED, "This service accepts only conditional updates, "
                    + "and a batch's changes cannot carry If-Match: change each entry with If-Match instead (PATCH "
                    + "/v1/inventory/{petId} or POST /v1/inventory/{petId}/adjustments, with the entry's ETag)");
        }
    }

    /** 412: the entry is at none of the versions {@code If-Match} names. */
    private static ApiException changedSinceRead(PetId id) {
        return new ApiException(ErrorCode.PRECONDITION_FAILED, "The inventory entry for pet " + id
                + " has changed: If-Match names none of its current tags; read it again (GET /v1/inventory/"
                + id + ") and retry with its ETag");
    }

    /**
     * Who makes the change, as the stock ledger records it: the key's id (the authentication's name, never the key)
     * and the request's id (no authentication only where an operator switched micronaut-security off: no key to
     * name), and why.
     */
    static ChangeOrigin origin(@Nullable Authentication authentication, @Nullable String requestId,
                               @Nullable ChangeReason reason) {
        return ChangeOrigin.api(keyId(authentication), requestId, reason);
    }

    /** The id of the API key that sent the request; {@code null} where security is off. */
    @Nullable
    static String keyId(@Nullable Authentication authentication) {
        return authentication == null ? null : authentication.getName();
    }

    /**
     * 200 with the entry as {@code change} changed it, and its strong {@code ETag}; 412 when the entry is at none of
     * the versions {@code If-Match} names.
     */
    static HttpResponse<InventoryItemResponse> changed(PetId petId, Supplier<InventoryEntry> change) {
        InventoryEntry entry;
        try {
            entry = change.get();
        } catch (StaleInventoryEntryException stale) {
            throw changedSinceRead(petId);
        }
        return withTag(HttpResponse.ok(InventoryItemResponse.of(entry)), InventoryTags.of(entry));
    }

    static <T> MutableHttpResponse<T> withTag(MutableHttpResponse<T> response, EntityTag tag) {
        return response.header(HttpHeaders.ETAG, tag.toString());
    }
}
