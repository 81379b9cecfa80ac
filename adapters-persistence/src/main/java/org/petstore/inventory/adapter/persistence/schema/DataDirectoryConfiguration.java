package org.petstore.inventory.adapter.persistence.schema;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * {@code petstore.data-dir} ({@code PETSTORE_DATA_DIR}): the directory of the embedded H2 database's files, which the
 * default URL names and {@link DatabaseUrlCheck} creates and checks before the pool opens the database.
 *
 * @param dataDir the directory; unset or blank: nothing to check
 */
@ConfigurationProperties("petstore")
record DataDirectoryConfiguration(@Nullable String dataDir) {
}
