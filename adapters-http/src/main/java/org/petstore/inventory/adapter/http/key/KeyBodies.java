package org.petstore.inventory.adapter.http.key;

import jakarta.inject.Singleton;
import java.util.List;
import org.petstore.inventory.adapter.http.body.BodyShape;
import org.petstore.inventory.adapter.http.body.BodyShapes;
import org.petstore.inventory.domain.access.Scope;
import org.petstore.inventory.domain.quota.Quota;

/** The bodies of the key API, bound strictly ({@code adapter.http.body}), with what each accepts and what to send. */
final class KeyBodies {

    static final BodyShape CREATION = new BodyShape(KeyCreation.class,
            "the body accepts only name, scopes and, optionally, expiresAt and quota",
            "send {\"name\": \"till-3\", \"scopes\": [\"inventory:write\"]}, with any of " + Scope.choices()
                    + ", and optionally \"expiresAt\": \"2027-06-01T00:00:00Z\" and \"quota\": {\"perSecond\": 50, "
                    + "\"burst\": 100}");
    static final BodyShape UPDATE = new BodyShape(KeyUpdate.class,
            "the body accepts only quota",
            "send {\"quota\": {\"perSecond\": 50, \"burst\": 100, \"liveFeeds\": 8}} (burst left out: twice "
                    + "perSecond; liveFeeds left out: " + Quota.DEFAULT_LIVE_FEEDS + "), or {\"quota\": null} for the "
                    + "service's default");
    /** The quota member of a creation or an update. */
    static final BodyShape QUOTA = new BodyShape(KeyQuota.class,
            "the quota accepts only perSecond and, optionally, burst and liveFeeds",
            "send \"quota\": {\"perSecond\": <1 to " + Quota.MAX_PER_SECOND + ">, \"burst\": <1 to "
                    + Quota.MAX_BURST + ", left out: twice perSecond>, \"liveFeeds\": <1 to " + Quota.MAX_LIVE_FEEDS
                    + ", left out: " + Quota.DEFAULT_LIVE_FEEDS + ">}, or null for the service's default",
            "the quota");
    static final BodyShape ROTATION = new BodyShape(KeyRotation.class,
            "the body accepts only overlap",
            "send {\"overlap\": \"PT24H\"}, how long the old secret keeps working, from PT0S to P7D, or no body "
                    + "for PT0S");

    private KeyBodies() {
    }

    @Singleton
    static final class Listed implements BodyShapes {

        @Override
        public List<BodyShape> bodies() {
            return List.of(CREATION, ROTATION, UPDATE);
        }
    }
}
