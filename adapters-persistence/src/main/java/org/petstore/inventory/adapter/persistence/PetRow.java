package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;

/** A row of the {@code pet} table. */
@MappedEntity(value = "pet", escape = false)
record PetRow(@Id long id, String name, String status) {
}
