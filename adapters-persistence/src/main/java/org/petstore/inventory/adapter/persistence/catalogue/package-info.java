/**
 * The catalogue: the pets and orders ports ({@code PetRepository}, {@code OrderRepository}) on Micronaut Data JDBC,
 * their rows and their portable SQL ({@code StoreRows}, one sub-interface per dialect). Every call runs in a
 * transaction of its own through the shared {@code DatabaseCalls}; rows become the domain through the shared
 * {@code StoreMapper}. Like the other parts, it uses only the shared classes of {@code adapter.persistence}.
 */
package org.petstore.inventory.adapter.persistence.catalogue;
