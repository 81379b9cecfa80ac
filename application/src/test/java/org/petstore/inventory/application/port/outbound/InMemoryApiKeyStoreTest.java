package org.petstore.inventory.application.port.outbound;

import java.util.List;

class InMemoryApiKeyStoreTest extends ApiKeyStoreContract {

    private final InMemoryApiKeyStore store = new InMemoryApiKeyStore();

    @Override
    protected ApiKeyStore store() {
        return store;
    }

    @Override
    protected void givenNoKeys() {
        store.clear();
    }

    @Override
    protected List<String> everythingStored() {
        return store.everythingStored();
    }
}
