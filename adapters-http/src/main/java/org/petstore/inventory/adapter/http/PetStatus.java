package org.petstore.inventory.adapter.http;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The specification's {@code PetStatus} on the wire: lower-case values. (The domain's own
 * {@link org.petstore.inventory.domain.PetStatus} is never serialized.)
 */
@Serdeable
@Schema(name = "PetStatus", description = "Status of a pet, and of its inventory entry")
public enum PetStatus {
    @JsonProperty("available")
    AVAILABLE,
    @JsonProperty("pending")
    PENDING,
    @JsonProperty("sold")
    SOLD;

    /** The domain's status of the same name. */
    public static PetStatus of(org.petstore.inventory.domain.PetStatus status) {
        return valueOf(status.name());
    }
}
