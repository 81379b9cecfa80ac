/**
 * Managed API keys: the {@code ApiKeyStore} port on JDBC ({@code JdbcApiKeyStore}, tables {@code api_key} and
 * {@code api_key_secret}, migration {@code V9}). Only a secret's digest is ever written, never the secret. Like the
 * other parts, it uses only the shared classes of {@code adapter.persistence} ({@code DatabaseCalls}); the data
 * commands ({@code transfer}) never read or write these tables.
 */
package org.petstore.inventory.adapter.persistence.access;
