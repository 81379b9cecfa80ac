package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * {@code petstore.inventory.list-cache.enabled} ({@code PETSTORE_INVENTORY_LIST_CACHE_ENABLED}): whether the body of
 * the last list that fit in one buffer is kept and sent again while the inventory's version says it is still the list
 * (see {@link InventoryListing}). Default true; false: every list is read from the store and encoded.
 */
@ConfigurationProperties("petstore.inventory.list-cache")
record ListCacheConfiguration(@Bindable(defaultValue = "true") boolean enabled) {
}
