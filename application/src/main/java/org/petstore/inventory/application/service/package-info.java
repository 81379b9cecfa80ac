/**
 * The services that implement the use cases on the outbound ports. Plain Java without annotations: bootstrap builds
 * them in its {@code @Factory} classes ({@code ServiceFactory}, {@code DataTransferFactory}, {@code WebhookFactory}),
 * and schedules the ones with upkeep ({@code ApiKeyService}, {@code QuotaService}, {@code WebhookDispatcher}). The
 * dispatcher is the one service that makes its own threads, from the {@code ThreadFactory} it is given. No adapter
 * depends on this package.
 */
package org.petstore.inventory.application.service;
