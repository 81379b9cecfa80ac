package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.condition.Condition;
import io.micronaut.context.condition.ConditionContext;

/**
 * Enables a bean only for the backend the configured JDBC URL points at.
 */
abstract class BackendCondition implements Condition {

    private final DatabaseBackend backend;

    BackendCondition(DatabaseBackend backend) {
        this.backend = backend;
    }

    @Override
    public boolean matches(ConditionContext context) {
        String url = context.getProperty(DatabaseBackend.URL_PROPERTY, String.class).orElse(null);
        return DatabaseBackend.forUrl(url).filter(backend::equals).isPresent();
    }

    static final class OnH2 extends BackendCondition {
        OnH2() {
            super(DatabaseBackend.H2);
        }
    }

    static final class OnPostgresql extends BackendCondition {
        OnPostgresql() {
            super(DatabaseBackend.POSTGRESQL);
        }
    }
}
