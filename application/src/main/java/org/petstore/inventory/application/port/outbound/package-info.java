/**
 * What the application needs from outside, in the domain's words: the repositories of the store, its snapshots and
 * loads for the data commands, the other store of a copy. Every implementation passes the contract suites in this
 * module's tests ({@code InventoryRepositoryContract}, {@code PetRepositoryContract}, {@code OrderRepositoryContract},
 * {@code StoreLoadContract}), and reports a store it cannot reach as
 * {@link org.petstore.inventory.application.port.outbound.StorageUnavailableException}.
 */
package org.petstore.inventory.application.port.outbound;
