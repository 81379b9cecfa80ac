/**
 * Webhooks: the ports {@code WebhookStore} (the administrator's side, {@code JdbcWebhookStore}),
 * {@code WebhookLeases} (which instance delivers which webhook, {@code JdbcWebhookLeases}) and
 * {@code WebhookDeliveries} (the deliverer's reads and fenced writes, {@code JdbcWebhookDeliveries}) on JDBC, tables
 * {@code webhook_subscription}, {@code webhook_delivery} and {@code webhook_attempt} (migration {@code V12}), with
 * what differs per backend in {@code WebhookStatements} ({@code H2WebhookStatements},
 * {@code PostgresqlWebhookStatements}) and the rows in {@code WebhookRows}. Secrets are kept as text (an HMAC needs
 * the key itself). Like the other parts, it uses only the shared classes of {@code adapter.persistence}
 * ({@code DatabaseCalls}, {@code DatabaseBackend}); the data commands ({@code transfer}) never read or write these
 * tables.
 */
package org.petstore.inventory.adapter.persistence.webhook;
