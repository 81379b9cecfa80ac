package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * {@code petstore.require-if-match} ({@code PETSTORE_REQUIRE_IF_MATCH}): when true, a {@code PATCH} of an entry
 * without {@code If-Match} is refused with 428 {@code PRECONDITION_REQUIRED}, so that no client can overwrite a
 * change it has not seen. Default false: an update without {@code If-Match} is unconditional, as the specification
 * describes it.
 */
@ConfigurationProperties("petstore")
record ConditionalUpdatesConfiguration(@Bindable(defaultValue = "false") boolean requireIfMatch) {
}
