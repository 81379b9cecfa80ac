package org.petstore.inventory.adapter.http.security;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.util.List;

/**
 * {@code petstore.api-keys}: the API keys the service accepts, comma-separated in {@code PETSTORE_API_KEYS}. None
 * (the default): a key is generated at startup.
 */
@ConfigurationProperties("petstore")
record ApiKeysConfiguration(@Nullable List<String> apiKeys) {

    /** Says how many entries there are, never what they are: the framework logs beans it creates at DEBUG. */
    @Override
    public String toString() {
        return "ApiKeysConfiguration[" + (apiKeys == null ? 0 : apiKeys.size()) + " entries]";
    }
}
