package com.example.petstore.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.petstore.client.ApiClient;
import com.example.petstore.client.ApiException;
import com.example.petstore.client.ApiResponse;
import com.example.petstore.client.api.InventoryApi;
import com.example.petstore.client.api.KeysApi;
import com.example.petstore.client.api.PetApi;
import com.example.petstore.client.api.StoreApi;
import com.example.petstore.client.model.ApiKeyCreation;
import com.example.petstore.client.model.ApiKeyRotation;
import com.example.petstore.client.model.Error;
import com.example.petstore.client.model.InventoryAdjustment;
import com.example.petstore.client.model.InventoryChange;
import com.example.petstore.client.model.InventoryChanges;
import com.example.petstore.client.model.InventoryItem;
import com.example.petstore.client.model.InventoryUpdate;
import com.example.petstore.client.model.IssuedApiKey;
import com.example.petstore.client.model.Order;
import com.example.petstore.client.model.OrderStatus;
import com.example.petstore.client.model.Pet;
import com.example.petstore.client.model.PetStatus;
import com.example.petstore.client.model.RotatedApiKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A program written against the Java client that OpenAPI Generator makes from the service's served OpenAPI document
 * (generator {@code java}, library {@code native}), as a user of the API writes it: it uses the generated classes as
 * they are and checks what it observes. Every public method is one use of the API; the end-to-end test compiles this
 * file together with the freshly generated client and runs each method against the running service with its demo
 * data, each on a pet of its own. Each method leaves the stock as it found it (an update puts the quantity back).
 */
public final class InventoryClientUser {

    private static final List<InventoryItem> DEMO_STOCK = List.of(
            item(1, 12, PetStatus.AVAILABLE), item(2, 3, PetStatus.AVAILABLE), item(3, 0, PetStatus.SOLD),
            item(4, 7, PetStatus.AVAILABLE), item(5, 1, PetStatus.PENDING), item(6, 25, PetStatus.AVAILABLE),
            item(7, 0, PetStatus.SOLD), item(8, 2, PetStatus.PENDING), item(9, 40, PetStatus.AVAILABLE),
            item(10, 5, PetStatus.PENDING), item(11, 0, PetStatus.SOLD), item(12, 9, PetStatus.AVAILABLE));

    private final String serviceUrl;
    private final ApiClient apiClient;
    private final InventoryApi inventory;
    private final PetApi pets;
    private final StoreApi store;

    /**
     * A user of the service at {@code serviceUrl} (scheme, host and port) who holds {@code apiKey}.
     */
    public InventoryClientUser(String serviceUrl, String apiKey) {
        this.serviceUrl = serviceUrl;
        apiClient = client(serviceUrl, apiKey);
        inventory = new InventoryApi(apiClient);
        pets = new PetApi(apiClient);
        store = new StoreApi(apiClient);
    }

    private static ApiClient client(String serviceUrl, String apiKey) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(serviceUrl + "/v1");
        // the native library has no setting for the bearer scheme: its request interceptor adds the header
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + apiKey));
        return client;
    }

    public void listsTheStockOfEveryPetInPetIdOrderWithTheListsWeakTag() throws ApiException {
        ApiResponse<List<InventoryItem>> response = inventory.listInventoryWithHttpInfo(null);

        assertEquals(200, response.getStatusCode());
        assertEquals(DEMO_STOCK, response.getData());
        assertTrue(etag(response.getHeaders()).matches("W/\"12\\.\\d+\\.0\""), etag(response.getHeaders()));
        assertEquals(DEMO_STOCK, inventory.listInventory(null), "the plain method returns the same list");
    }

    public void theListIsNotModifiedWhileItsTagIsCurrent() throws ApiException {
        String tag = etag(inventory.listInventoryWithHttpInfo(null).getHeaders());

        ApiException notModified = assertThrows(ApiException.class, () -> inventory.listInventory(tag));

        assertEquals(304, notModified.getCode());
        assertEquals(tag, notModified.getResponseHeaders().firstValue("ETag").orElseThrow());
        assertEquals("", notModified.getResponseBody(), "a 304 has no body");
        assertEquals(DEMO_STOCK, inventory.listInventory("W/\"0.0.0\""), "another tag: the whole list");
    }

    public void readsOneEntryWithItsStrongTag() throws ApiException {
        ApiResponse<InventoryItem> response = inventory.getInventoryItemWithHttpInfo(2L, null);

        assertEquals(200, response.getStatusCode());
        assertEquals(item(2, 3, PetStatus.AVAILABLE), response.getData());
        assertEquals("\"2.1\"", etag(response.getHeaders()), "a strong tag, \"<petId>.<version>\"");
        assertEquals(item(2, 3, PetStatus.AVAILABLE), inventory.getInventoryItem(2L, null));
    }

    public void oneEntryIsNotModifiedWhileItsTagIsCurrent() throws ApiException {
        ApiException notModified = assertThrows(ApiException.class, () -> inventory.getInventoryItem(2L, "\"2.1\""));

        assertEquals(304, notModified.getCode());
        assertEquals("\"2.1\"", notModified.getResponseHeaders().firstValue("ETag").orElseThrow());
        assertEquals("", notModified.getResponseBody(), "a 304 has no body");
        assertEquals(item(2, 3, PetStatus.AVAILABLE), inventory.getInventoryItem(2L, "\"2.0\""), "a stale tag: 200");
    }

    public void anUnknownPetIs404WithTheErrorBody() {
        ApiException notFound = assertThrows(ApiException.class, () -> inventory.getInventoryItem(404L, null));

        assertEquals(404, notFound.getCode());
        assertEquals(error("NOT_FOUND", "No inventory entry for pet 404", 404), errorBody(notFound));
    }

    public void updatesTheStockWithoutAPrecondition() throws ApiException {
        try {
            ApiResponse<InventoryItem> updated = inventory.updateInventoryWithHttpInfo(4L, quantity(8), null);

            assertEquals(200, updated.getStatusCode());
            assertEquals(item(4, 8, PetStatus.AVAILABLE), updated.getData());
            assertEquals("\"4.2\"", etag(updated.getHeaders()), "the entry's next version");
            ApiResponse<InventoryItem> read = inventory.getInventoryItemWithHttpInfo(4L, null);
            assertEquals(item(4, 8, PetStatus.AVAILABLE), read.getData());
            assertEquals(etag(updated.getHeaders()), etag(read.getHeaders()), "the next read shows the update's tag");
        } finally {
            inventory.updateInventory(4L, quantity(7), null);
        }
    }

    public void updatesOnlyTheVersionItRead() throws ApiException {
        try {
            String tag = etag(inventory.getInventoryItemWithHttpInfo(6L, null).getHeaders());
            assertEquals("\"6.1\"", tag);

            ApiResponse<InventoryItem> updated = inventory.updateInventoryWithHttpInfo(6L, quantity(24), tag);

            assertEquals(200, updated.getStatusCode());
            assertEquals(item(6, 24, PetStatus.AVAILABLE), updated.getData());
            assertEquals("\"6.2\"", etag(updated.getHeaders()));
            ApiResponse<InventoryItem> read = inventory.getInventoryItemWithHttpInfo(6L, null);
            assertEquals(item(6, 24, PetStatus.AVAILABLE), read.getData());
            assertEquals(etag(updated.getHeaders()), etag(read.getHeaders()), "the next read shows the update's tag");
        } finally {
            inventory.updateInventory(6L, quantity(25), null);
        }
    }

    public void aStaleTagIs412AndChangesNothing() throws ApiException {
        try {
            String tag = etag(inventory.getInventoryItemWithHttpInfo(9L, null).getHeaders());
            assertEquals("\"9.1\"", tag);
            assertEquals(item(9, 41, PetStatus.AVAILABLE), inventory.updateInventory(9L, quantity(41), "*"),
                    "another client updates the entry first");

            ApiException preconditionFailed = assertThrows(ApiException.class,
                    () -> inventory.updateInventory(9L, quantity(39), tag));

            assertEquals(412, preconditionFailed.getCode());
            assertEquals(error("PRECONDITION_FAILED", "The inventory entry for pet 9 has changed: If-Match names none "
                    + "of its current tags; read it again (GET /v1/inventory/9) and retry with its ETag", 412),
                    errorBody(preconditionFailed));
            ApiResponse<InventoryItem> read = inventory.getInventoryItemWithHttpInfo(9L, null);
            assertEquals(item(9, 41, PetStatus.AVAILABLE), read.getData(), "nothing changed");
            assertEquals("\"9.2\"", etag(read.getHeaders()));
        } finally {
            inventory.updateInventory(9L, quantity(40), null);
        }
    }

    public void adjustsTheStockByADeltaAndARetryWithTheSameKeyChangesNothingMore() throws ApiException {
        try {
            InventoryAdjustment sale = new InventoryAdjustment().delta(-2).reason(InventoryAdjustment.ReasonEnum.SALE);
            ApiResponse<InventoryItem> sold = inventory.adjustInventoryWithHttpInfo(12L, sale, null,
                    "\"client-sale-12\"");
            ApiResponse<InventoryItem> retried = inventory.adjustInventoryWithHttpInfo(12L, sale, null,
                    "\"client-sale-12\"");

            assertEquals(200, sold.getStatusCode());
            assertEquals(item(12, 7, PetStatus.AVAILABLE), sold.getData());
            assertEquals(sold.getData(), retried.getData());
            assertEquals(etag(sold.getHeaders()), etag(retried.getHeaders()));
            assertEquals(item(12, 7, PetStatus.AVAILABLE), inventory.getInventoryItem(12L, null));
        } finally {
            inventory.updateInventory(12L, quantity(9), null);
        }
    }

    public void aSaleOfMoreThanTheStockIs409AndChangesNothing() throws ApiException {
        ApiException refused = assertThrows(ApiException.class,
                () -> inventory.adjustInventory(11L, new InventoryAdjustment().delta(-1), null, null));

        assertEquals(409, refused.getCode());
        assertEquals(error("INSUFFICIENT_STOCK", "Pet 11 has 0 in stock: a delta of -1 would leave -1; nothing was "
                + "changed", 409), errorBody(refused));
        assertEquals(item(11, 0, PetStatus.SOLD), inventory.getInventoryItem(11L, null));
    }

    public void appliesABatchOfChangesAllOrNothing() throws ApiException {
        try {
            List<InventoryItem> applied = inventory.applyInventoryChanges(new InventoryChanges()
                    .changes(List.of(new InventoryChange().petId(10L).delta(3),
                            new InventoryChange().petId(12L).quantity(20)))
                    .reason(InventoryChanges.ReasonEnum.ARRIVAL), null);

            assertEquals(List.of(item(10, 8, PetStatus.PENDING), item(12, 20, PetStatus.AVAILABLE)), applied);
            ApiException refused = assertThrows(ApiException.class, () -> inventory.applyInventoryChanges(
                    new InventoryChanges().changes(List.of(new InventoryChange().petId(10L).delta(-1),
                            new InventoryChange().petId(404L).delta(1))), null));
            assertEquals(404, refused.getCode());
            assertEquals(item(10, 8, PetStatus.PENDING), inventory.getInventoryItem(10L, null), "nothing changed");
        } finally {
            inventory.updateInventory(10L, quantity(5), null);
            inventory.updateInventory(12L, quantity(9), null);
        }
    }

    public void findsAPetThroughTheDeprecatedLookupWithItsSunsetHeaders() throws ApiException {
        ApiResponse<Pet> response = pets.getPetByIdWithHttpInfo(1L);

        assertEquals(200, response.getStatusCode());
        assertEquals(new Pet().id(1L).name("Rex").status(PetStatus.AVAILABLE), response.getData());
        assertEquals(List.of("@1767225600"), response.getHeaders().get("Deprecation"));
        assertEquals(List.of("Thu, 01 Jul 2027 00:00:00 GMT"), response.getHeaders().get("Sunset"));
        assertEquals(List.of("</v1/openapi.yml>; rel=\"sunset\""), response.getHeaders().get("Link"));
    }

    public void listsTheStoresOrders() throws ApiException {
        assertEquals(List.of(
                order(1, 3, 1, "2026-10-02T09:00:00Z", OrderStatus.DELIVERED, true),
                order(2, 7, 2, "2026-10-15T14:30:00Z", OrderStatus.DELIVERED, true),
                order(3, 5, 1, "2026-11-20T10:00:00Z", OrderStatus.APPROVED, false),
                order(4, 8, 1, "2026-11-28T08:15:00Z", OrderStatus.PLACED, false),
                order(5, 10, 3, "2026-12-03T16:45:00Z", OrderStatus.PLACED, false)), store.listOrders());
    }

    public void aWrongKeyIs401() {
        InventoryApi withWrongKey = new InventoryApi(client(serviceUrl, "not-a-key"));

        ApiException unauthorized = assertThrows(ApiException.class, () -> withWrongKey.listInventory(null));

        assertEquals(401, unauthorized.getCode());
        assertEquals(error("UNAUTHORIZED", "The API key is not valid", 401), errorBody(unauthorized));
    }

    public void aReadOnlyKeyIsRefusedAChangeAndIsRotatedAndRevoked() throws ApiException {
        KeysApi keys = new KeysApi(apiClient);
        IssuedApiKey storefront = keys.createApiKey(new ApiKeyCreation().name("generated-client-storefront")
                .scopes(Set.of("inventory:read")));
        InventoryApi reading = new InventoryApi(client(serviceUrl, storefront.getKey()));
        assertEquals(DEMO_STOCK.size(), reading.listInventory(null).size());

        ApiException forbidden = assertThrows(ApiException.class, () -> reading.updateInventory(4L, quantity(0), null));
        assertEquals(403, forbidden.getCode());
        assertEquals("INSUFFICIENT_SCOPE", errorBody(forbidden).getCode());
        assertEquals(item(4, 7, PetStatus.AVAILABLE), inventory.getInventoryItem(4L, null), "nothing changed");

        RotatedApiKey rotated = keys.rotateApiKey(storefront.getId(), new ApiKeyRotation().overlap("PT0S"));
        assertEquals(storefront.getId(), rotated.getId());
        InventoryApi rotatedReading = new InventoryApi(client(serviceUrl, rotated.getKey()));
        assertEquals(DEMO_STOCK.size(), rotatedReading.listInventory(null).size());
        assertEquals(401, assertThrows(ApiException.class, () -> reading.listInventory(null)).getCode(),
                "the old secret stopped at once");

        keys.revokeApiKey(storefront.getId());
        ApiException revoked = assertThrows(ApiException.class, () -> rotatedReading.listInventory(null));
        assertEquals(401, revoked.getCode());
        assertTrue(errorBody(revoked).getMessage().contains(" was revoked at "), errorBody(revoked).getMessage());
    }

    private Error errorBody(ApiException exception) {
        try {
            return apiClient.getObjectMapper().readValue(exception.getResponseBody(), Error.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String etag(Map<String, List<String>> headers) {
        List<String> tags = headers.get("ETag");
        assertEquals(1, tags == null ? 0 : tags.size(), () -> "one ETag header in " + headers);
        return tags.get(0);
    }

    private static InventoryItem item(long petId, int quantity, PetStatus status) {
        return new InventoryItem().petId(petId).quantity(quantity).status(status);
    }

    private static InventoryUpdate quantity(int quantity) {
        return new InventoryUpdate().quantity(quantity);
    }

    private static Error error(String code, String message, int status) {
        return new Error().code(code).message(message).status(status);
    }

    private static Order order(long id, long petId, int quantity, String shipDate, OrderStatus status,
                               boolean complete) {
        return new Order().id(id).petId(petId).quantity(quantity).shipDate(OffsetDateTime.parse(shipDate))
                .status(status).complete(complete);
    }
}
