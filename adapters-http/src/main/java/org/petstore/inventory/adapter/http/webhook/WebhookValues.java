package org.petstore.inventory.adapter.http.webhook;

import io.micronaut.json.tree.JsonNode;
import jakarta.inject.Singleton;
import org.petstore.inventory.adapter.http.body.StrictValues;

/**
 * The values of the webhook API's bodies that only they have, bound strictly as {@link StrictValues} binds the
 * others: a description, which {@code null} removes, and a flag.
 */
final class WebhookValues {

    private WebhookValues() {
    }

    /**
     * A description: a JSON string, or {@code null} for none, which is read as {@code ""} (a blank description is
     * none), so that a body without the member ({@code null} in the record) stays apart from one that removes it.
     */
    @Singleton
    static final class Description extends StrictValues.Value {

        @Override
        protected Object of(JsonNode value, String member) {
            if (value.isNull()) {
                return "";
            }
            if (!value.isString()) {
                throw new StrictValues.InvalidBody(member + " must be a JSON string, or null for none, not "
                        + StrictValues.kindOf(value), true);
            }
            return value.getStringValue();
        }
    }

    /** A JSON {@code true} or {@code false}: never a string, a number or {@code null}. */
    @Singleton
    static final class Flag extends StrictValues.Value {

        @Override
        protected Object of(JsonNode value, String member) {
            if (!value.isBoolean()) {
                throw new StrictValues.InvalidBody(member + " must be true or false, not "
                        + StrictValues.kindOf(value), true);
            }
            return value.getBooleanValue();
        }
    }
}
