package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.KeyRefusal;

/**
 * Which managed key a presented secret is. Answered from memory for a key seen before; a secret whose form or
 * checksum is wrong never reaches the store.
 */
public interface AuthenticateApiKeyUseCase {

    KeyCheck check(String presentedSecret);

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
