package org.petstore.inventory.domain.webhook;

import org.petstore.inventory.domain.NotFoundException;

/**
 * No webhook has this id: an unknown id, or text that is not an id at all ({@link WebhookId#parse}), as an unknown
 * key is (404 both ways, so that a caller learns nothing from the form of an id).
 */
public final class WebhookNotFoundException extends NotFoundException {

    private final String id;

    public WebhookNotFoundException(String id) {
        super("No webhook has the id " + InvalidWebhookRequestException.quoted(id)
                + ": list the webhooks to see their ids");
        this.id = id;
    }

    /** The id as the caller gave it (may be long or malformed: quote it cut short). */
    public String id() {
        return id;
    }
}
