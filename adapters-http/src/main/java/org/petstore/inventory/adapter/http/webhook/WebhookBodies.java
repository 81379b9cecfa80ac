package org.petstore.inventory.adapter.http.webhook;

import jakarta.inject.Singleton;
import java.util.List;
import org.petstore.inventory.adapter.http.body.BodyShape;
import org.petstore.inventory.adapter.http.body.BodyShapes;
import org.petstore.inventory.domain.webhook.EventType;

/** The bodies of the webhook API, bound strictly ({@code adapter.http.body}), with what each accepts and what to send. */
final class WebhookBodies {

    static final BodyShape CREATION = new BodyShape(WebhookCreation.class,
            "the body accepts only url, events and, optionally, description",
            "send {\"url\": \"https://shop.example.com/hooks/stock\", \"events\": [\"inventory.count.updated\"]}, "
                    + "with any of " + EventType.choices() + ", and optionally \"description\": \"stock to the web "
                    + "shop\"");
    static final BodyShape UPDATE = new BodyShape(WebhookUpdate.class,
            "the body accepts only url, events, description and enabled",
            "send one or more of \"url\": \"https://shop.example.com/hooks/stock\", \"events\": "
                    + "[\"inventory.count.updated\"], \"description\": \"stock to the web shop\" (null or \"\" "
                    + "removes it) and \"enabled\": true or false, e.g. {\"enabled\": true}");
    static final BodyShape REPLAY = new BodyShape(WebhookReplay.class,
            "the body accepts only after",
            "send {\"after\": <changeId>}: every change after it is delivered again, in order (0: from the first "
                    + "change kept)");

    private WebhookBodies() {
    }

    @Singleton
    static final class Listed implements BodyShapes {

        @Override
        public List<BodyShape> bodies() {
            return List.of(CREATION, UPDATE, REPLAY);
        }
    }
}
