package org.petstore.inventory.application.port.outbound;

import java.time.Instant;
import java.util.List;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * The bodies of deliveries, rendered once as the exact bytes sent: minified JSON in UTF-8, in the Standard Webhooks
 * shape {@code {"type":"…","timestamp":"<RFC 3339, UTC>","data":{…}}}. Rendered by the HTTP adapter, which owns the
 * wire shapes; the same input always gives the same bytes.
 */
public interface WebhookPayloads {

    /**
     * {@code {"type":"inventory.count.updated","timestamp":…,"data":{"changes":[…]}}}: each change as
     * {@code GET /v1/inventory/changes} shows it, in the order given, and the first with
     * {@code "previousChangeId":previousChangeId} as well, so that a receiver can see a gap and fill it from the
     * history.
     *
     * @param changes   1 to 100 consecutive ledger records, oldest first, all after {@code previousChangeId}
     * @param timestamp when the event happened: the last change's time
     */
    byte[] inventoryCountUpdated(long previousChangeId, List<StockChange> changes, Instant timestamp);

    /** {@code {"type":"webhook.test","timestamp":…,"data":{"webhookId":"whk-…"}}}. */
    byte[] test(WebhookId id, Instant timestamp);
}
