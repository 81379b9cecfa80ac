package org.petstore.inventory.bootstrap;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import org.petstore.inventory.adapter.persistence.StoreOpening;

/**
 * The HTTP server listens only once the inventory database is open: the service's start opens it on a thread of its
 * own while the application context builds the server ({@link StoreOpening}), and waits for it here, between the
 * server's creation and its start. A store that could not be opened fails the start with its own cause.
 */
@Singleton
final class StoreOpeningWait implements BeanCreatedEventListener<EmbeddedServer> {

    private final StoreOpening opening;

    StoreOpeningWait(StoreOpening opening) {
        this.opening = opening;
    }

    @Override
    public EmbeddedServer onCreated(BeanCreatedEvent<EmbeddedServer> event) {
        opening.await();
        return event.getBean();
    }
}
