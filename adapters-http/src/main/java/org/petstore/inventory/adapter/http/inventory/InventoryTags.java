package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import java.util.List;
import java.util.Optional;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;

/**
 * The entity tags of the inventory's resources, and what the conditional headers that name them ask for. An entry
 * ({@code /v1/inventory/{petId}}) has a strong tag, {@code "<petId>.<version>"} (e.g. {@code "2.5"}), which changes
 * with every change of the entry; with the pet's ID in it, a tag copied from another entry never matches. The list
 * ({@code /v1/inventory}) has a weak one, {@code W/"<entries>.<sum of their versions>.<entries removed>"} (e.g.
 * {@code W/"12.40.0"}): its {@link InventoryVersion}, which changes whenever an entry changes, is added or is removed;
 * weak because it is a version of the content, not a digest of the bytes. Clients compare tags, never read them.
 */
final class InventoryTags {

    static final String ENTRY_TAG = "The entry's strong entity tag, \"<petId>.<version>\"; it changes with every "
            + "change of the entry";
    static final String IF_MATCH = "Change only if the entry's current ETag is one of these strong tags (or *: any "
            + "version); required when the service runs with PETSTORE_REQUIRE_IF_MATCH=true";

    private InventoryTags() {
    }

    /** 200 with the entry as it is now, and its strong {@code ETag}. */
    static HttpResponse<InventoryItemResponse> answer(InventoryEntry entry) {
        return withTag(HttpResponse.ok(InventoryItemResponse.of(entry)), of(entry));
    }

    static <T> MutableHttpResponse<T> withTag(MutableHttpResponse<T> response, EntityTag tag) {
        return response.header(HttpHeaders.ETAG, tag.toString());
    }

    static EntityTag of(InventoryEntry entry) {
        return of(entry.petId(), entry.version());
    }

    private static EntityTag of(PetId petId, EntryVersion version) {
        return EntityTag.strong(petId.value() + "." + version.value());
    }

    static EntityTag of(InventoryVersion list) {
        return EntityTag.weak(list.entries() + "." + list.versionSum() + "." + list.removals());
    }

    /**
     * Whether an {@code If-None-Match} condition names the current tag, so the answer is 304: {@code *} names any
     * current representation; a list names it when one of its tags matches by weak comparison (RFC 9110 §13.1.2).
     */
    static boolean names(EntityTag.Condition ifNoneMatch, EntityTag current) {
        return switch (ifNoneMatch) {
            case EntityTag.AnyTag _ -> true;
            case EntityTag.OneOf oneOf -> oneOf.tags().stream().anyMatch(current::weakMatch);
        };
    }

    /**
     * The versions of the pet's entry a change's {@code If-Match} accepts, from all its field lines (none: not sent):
     * without it, no condition at all; 400 for one that does not follow the grammar, never taken for no condition.
     */
    static ExpectedVersions expectedBy(@Nullable List<String> ifMatch, PetId petId) {
        if (ifMatch == null) {
            return ExpectedVersions.unconditional();
        }
        return expectedBy(EntityTag.parseCondition(ifMatch).orElseThrow(() -> new ApiException(ErrorCode.BAD_REQUEST,
                "If-Match must be * or a comma-separated list of entity tags in double quotes, such as the entry's "
                        + "ETag " + of(petId, EntryVersion.FIRST))), petId);
    }

    /**
     * The versions of the pet's entry an {@code If-Match} condition accepts (RFC 9110 §13.1.1): {@code *} any; a
     * list, the versions its strong tags of this pet's entry name. Weak tags never match (strong comparison), nor do
     * tags of other entries or tags this service never sends, so such a list may accept no version at all.
     */
    static ExpectedVersions expectedBy(EntityTag.Condition ifMatch, PetId petId) {
        return switch (ifMatch) {
            case EntityTag.AnyTag _ -> ExpectedVersions.any();
            case EntityTag.OneOf oneOf -> ExpectedVersions.oneOf(oneOf.tags().stream().filter(tag -> !tag.weak())
                    .flatMap(tag -> versionOf(tag.opaque(), petId).stream()).toList());
        };
    }

    /** The version in an opaque tag exactly as {@link #of(InventoryEntry)} writes it for this pet, if it is one. */
    private static Optional<EntryVersion> versionOf(String opaque, PetId petId) {
        String prefix = petId.value() + ".";
        if (!opaque.startsWith(prefix)) {
            return Optional.empty();
        }
        String version = opaque.substring(prefix.length());
        try {
            long value = Long.parseLong(version);
            if (value < EntryVersion.MIN || !Long.toString(value).equals(version)) {
                return Optional.empty();
            }
            return Optional.of(EntryVersion.of(value));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
