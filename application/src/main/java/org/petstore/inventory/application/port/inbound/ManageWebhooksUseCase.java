package org.petstore.inventory.application.port.inbound;

import java.time.Duration;
import java.util.List;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.webhook.AddressRefusedException;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookNotFoundException;

/**
 * Webhook subscriptions (experimental, {@code webhooks:admin}): created, listed, changed, deleted, their secret
 * rotated and their cursor moved back, while the service runs. Every change is seen by the instance delivering the
 * webhook before its next attempt. An id that names no webhook is a {@link WebhookNotFoundException}. A secret is
 * shown by {@link #create} and {@link #rotateSecret} and never again.
 */
public interface ManageWebhooksUseCase {

    /** How long a rotated-out secret keeps signing deliveries beside the new one. */
    Duration ROTATION_OVERLAP = Duration.ofHours(24);

    /**
     * A new webhook, enabled, with a new secret of 32 random bytes, whose receiver gets every change recorded after
     * this call (its cursor is the ledger's newest change now). The URL's host is resolved and every address it
     * resolves to is checked by the {@code AddressPolicy} before anything is stored.
     *
     * @throws InvalidWebhookRequestException when the host resolves to no address
     * @throws AddressRefusedException        when an address is refused, or the URL is {@code http://} and an address
     *                                        lies outside the admitted networks
     */
    CreatedWebhook create(CreateWebhookCommand command);

    /** Every webhook, oldest first (by creation, then by id); never a secret. */
    List<Webhook> list();

    /** @throws WebhookNotFoundException when no webhook has the id */
    Webhook find(WebhookId id);

    /**
     * Changes what the command gives and answers the webhook as stored. A new URL is resolved and checked as at
     * creation (the same exceptions). A changed URL, or disabling, takes the webhook from the instance delivering it,
     * so that no attempt goes to the old URL afterwards; the pending delivery, if any, is kept and sent to the new
     * URL as it was formed. Re-enabling resumes from the cursor: nothing is skipped, and the pending delivery's
     * attempts start again from the first.
     *
     * @throws WebhookNotFoundException     when no webhook has the id
     * @throws ExpiredChangeCursorException when re-enabling a webhook whose cursor the ledger's retention has overtaken
     */
    Webhook update(WebhookId id, UpdateWebhookCommand command);

    /**
     * Deletes the webhook with its secrets, its pending delivery and its log; an attempt in flight is not recorded.
     *
     * @throws WebhookNotFoundException when no webhook has the id
     */
    void delete(WebhookId id);

    /**
     * A new secret of 32 random bytes; the current one goes on signing, beside it, for {@link #ROTATION_OVERLAP}. A
     * secret rotated out earlier and still in its own overlap stops at once: at most two sign.
     *
     * @throws WebhookNotFoundException when no webhook has the id
     */
    RotatedWebhookSecret rotateSecret(WebhookId id);

    /**
     * Moves the cursor to {@code afterChangeId}, so that every change after it is delivered again, in order; the
     * pending delivery is dropped (its changes are formed again), and the instance delivering the webhook lets go of
     * it. A disabled webhook stays disabled, with the new cursor. Answers the webhook as stored.
     *
     * @throws WebhookNotFoundException       when no webhook has the id
     * @throws InvalidWebhookRequestException when {@code afterChangeId} is negative or beyond the newest change
     * @throws ExpiredChangeCursorException   when changes after {@code afterChangeId} are no longer kept (410, as for
     *                                        the ledger's {@code after=})
     */
    Webhook replay(WebhookId id, long afterChangeId);
}
