/**
 * The model of the pet store's stock in plain Java. Rules: nothing but {@code java.*} (no framework type, no
 * annotation of any framework; {@code HexagonalArchitectureTest} checks it); a value object is a record that validates
 * itself in its compact constructor ({@link org.petstore.inventory.domain.PetId},
 * {@link org.petstore.inventory.domain.Quantity}); a broken rule is a {@link org.petstore.inventory.domain.DomainException}
 * subclass whose name says what happened; the domain is never serialized: the adapters have their own wire records.
 */
package org.petstore.inventory.domain;
