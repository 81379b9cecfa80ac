/**
 * The webhook API (experimental, {@code webhooks:admin}): {@code /v1/webhooks} and its sub-resources, on the use cases
 * {@code ManageWebhooksUseCase}, {@code ReadWebhookDeliveriesUseCase} and {@code TestWebhookUseCase}, built as the key
 * API is ({@code adapter.http.key}): one controller, request bodies bound strictly ({@code adapter.http.body}: no
 * other member, each once, each value of its JSON type), answers as {@code @Serdeable} records with every member
 * always (an absent value as {@code null}), and each route declaring its scope on its method. Rules: a secret is
 * written only in the answers of a creation and a rotation; a receiver's answer is never echoed (a delivery attempt
 * and a test show its status code or the error, never its body). The OpenAPI document describes the deliveries too,
 * as callbacks of {@code createWebhook} ({@link org.petstore.inventory.adapter.http.webhook.InventoryCountUpdatedEvent}, {@link org.petstore.inventory.adapter.http.webhook.WebhookTestEvent}). The
 * deliveries themselves (payloads, signatures, the outbound client) are {@code webhook.delivery}'s, which this
 * package does not use.
 */
package org.petstore.inventory.adapter.http.webhook;
