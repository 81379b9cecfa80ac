/**
 * Fair use: a managed key's {@link org.petstore.inventory.domain.quota.Quota} (a sustained rate, a burst, how many
 * live feeds it may hold open) and the arithmetic that keeps it ({@link org.petstore.inventory.domain.quota.Gcra},
 * the generic cell rate algorithm, in nanoseconds). Plain Java, like the rest of the domain: where a bucket is kept,
 * and how instances share it, is the application's and the adapters' business.
 */
package org.petstore.inventory.domain.quota;
