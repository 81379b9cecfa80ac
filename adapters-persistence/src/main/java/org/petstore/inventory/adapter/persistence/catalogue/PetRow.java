package org.petstore.inventory.adapter.persistence.catalogue;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import org.petstore.inventory.adapter.persistence.StoreMapper;
import org.petstore.inventory.domain.Pet;

/** A row of the {@code pet} table. */
@MappedEntity(value = "pet", escape = false)
record PetRow(@Id long id, String name, String status) {

    Pet toDomain() {
        return StoreMapper.pet(id, name, status);
    }
}
