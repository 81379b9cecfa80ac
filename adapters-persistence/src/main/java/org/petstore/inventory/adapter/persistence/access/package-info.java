/**
 * Managed API keys: the {@code ApiKeyStore} port on JDBC ({@code JdbcApiKeyStore}, tables {@code api_key} and
 * {@code api_key_secret}, migration {@code V9}; a key's own quota, migration {@code V10}), and on PostgreSQL the
 * {@code SharedQuotas} port ({@code JdbcSharedQuotas}, table {@code quota_bucket}: each key's quota bucket, shared by
 * the instances of one database; no such bean on H2). Only a secret's digest is ever written, never the secret. Like
 * the other parts, it uses only the shared classes of {@code adapter.persistence} ({@code DatabaseCalls},
 * {@code DatabaseBackend}); the data commands ({@code transfer}) never read or write these tables.
 */
package org.petstore.inventory.adapter.persistence.access;
