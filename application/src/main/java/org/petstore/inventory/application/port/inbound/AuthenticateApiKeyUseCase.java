package org.petstore.inventory.application.port.inbound;

import java.util.Optional;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.KeyRefusal;

/**
 * Which managed key a presented secret is. Answered from memory for a key seen before; a secret whose form or
 * checksum is wrong never reaches the store.
 */
public interface AuthenticateApiKeyUseCase {

    /** What the secret is; reads the store for a well-formed secret not seen before. */
    KeyCheck check(String presentedSecret);

    /**
     * What the secret is, when that is known without the store (a secret seen before, or one whose form or checksum
     * is wrong); empty when only {@link #check} can tell. Never blocks.
     */
    Optional<KeyCheck> checkInMemory(String presentedSecret);

    /** What a presented secret is. */
    sealed interface KeyCheck {
    }

    /** A valid key. */
    record Valid(ApiKey key) implements KeyCheck {
    }

    /** A key that was valid and is no more: revoked or expired, since when. */
    record Refused(KeyRefusal refusal) implements KeyCheck {
    }

    /** No managed key: never valid, or not a managed key's secret at all. */
    record Unknown() implements KeyCheck {
    }
}
