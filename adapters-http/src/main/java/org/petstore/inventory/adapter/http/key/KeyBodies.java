package org.petstore.inventory.adapter.http.key;

import jakarta.inject.Singleton;
import java.util.List;
import org.petstore.inventory.adapter.http.body.BodyShape;
import org.petstore.inventory.adapter.http.body.BodyShapes;
import org.petstore.inventory.domain.access.Scope;

/** The bodies of the key API, bound strictly ({@code adapter.http.body}), with what each accepts and what to send. */
final class KeyBodies {

    static final BodyShape CREATION = new BodyShape(KeyCreation.class,
            "the body accepts only name, scopes and, optionally, expiresAt",
            "send {\"name\": \"till-3\", \"scopes\": [\"inventory:write\"]}, with any of " + Scope.choices()
                    + ", and optionally \"expiresAt\": \"2027-06-01T00:00:00Z\"");
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
            return List.of(CREATION, ROTATION);
        }
    }
}
