package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;

/**
 * {@code petstore.h2.sync-writes} ({@code PETSTORE_H2_SYNC_WRITES}): when true, the embedded H2 database forces its
 * file to the disk ({@code CHECKPOINT SYNC}, an fsync) after every stock update, before the update is answered, so
 * that an acknowledged update survives a power loss too. Off by default: H2 writes every commit to its file at once
 * (it survives a killed process) but leaves it to the operating system when the file reaches the disk. H2 has no
 * setting of its own that syncs every commit.
 *
 * @param syncWrites whether every stock update is synced to the disk before it is answered
 */
@ConfigurationProperties("petstore.h2")
record H2DurabilityConfiguration(@Bindable(defaultValue = "false") boolean syncWrites) {
}
