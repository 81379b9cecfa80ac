/**
 * Fair use, on the HTTP side: each request made with a managed key is charged to the key's quota
 * ({@code application.port.inbound.LimitRequestsUseCase}) right after micronaut-security authenticated it and before
 * its body is read ({@link org.petstore.inventory.adapter.http.limit.QuotaFilter}); a batch is charged for its other
 * changes once its body is bound, and a live feed holds one of the key's feed places while it is open
 * ({@link org.petstore.inventory.adapter.http.limit.RateLimits}). Rule: every answer to a charged request tells where
 * the key stands in the fields of draft-ietf-httpapi-ratelimit-headers-10 ({@code RateLimit-Policy},
 * {@code RateLimit}), written in one place ({@link org.petstore.inventory.adapter.http.limit.ChargedRequest}); a
 * refusal is 429 {@code RATE_LIMITED} with {@code Retry-After}, the {@code Error} body of every failure, and is
 * counted ({@code petstore_rate_limited_total} by key id). Keys of {@code PETSTORE_API_KEYS}, health, the
 * documentation and {@code /} are never charged.
 */
package org.petstore.inventory.adapter.http.limit;
