package org.petstore.inventory.adapter.http.key;

import jakarta.inject.Singleton;
import java.util.List;
import org.petstore.inventory.adapter.http.body.BodyShape;
import org.petstore.inventory.adapter.http.body.BodyShapes;
import org.petstore.inventory.domain.access.Scope;

/** The bodies of the key API, bound strictly ({@code adapter.http.body}), with what each accepts and what to send. */
enum KeyBodies implements BodyShape {
    CREATION(KeyCreation.class, "the body accepts only name, scopes and, optionally, expiresAt",
            "send {\"name\": \"till-3\", \"scopes\": [\"inventory:write\"]}, with any of " + Scope.choices()
                    + ", and optionally \"expiresAt\": \"2027-06-01T00:00:00Z\""),
    ROTATION(KeyRotation.class, "the body accepts only overlap",
            "send {\"overlap\": \"PT24H\"}, how long the old secret keeps working, from PT0S to P7D, or no body "
                    + "for PT0S");

    private final Class<?> type;
    private final String accepts;
    private final String expected;

    KeyBodies(Class<?> type, String accepts, String expected) {
        this.type = type;
        this.accepts = accepts;
        this.expected = expected;
    }

    @Override
    public Class<?> type() {
        return type;
    }

    @Override
    public String accepts() {
        return accepts;
    }

    @Override
    public String expected() {
        return expected;
    }

    @Singleton
    static final class Listed implements BodyShapes {

        @Override
        public List<KeyBodies> bodies() {
            return List.of(values());
        }
    }
}
