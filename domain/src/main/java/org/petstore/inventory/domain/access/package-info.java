/**
 * Who may do what: the scopes an API key holds ({@link org.petstore.inventory.domain.access.Scope}), a managed key
 * ({@link org.petstore.inventory.domain.access.ApiKey}) and the format of its secret
 * ({@link org.petstore.inventory.domain.access.KeySecret}). Plain Java, like the rest of the domain.
 */
package org.petstore.inventory.domain.access;
