package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /v1/inventory} for lists of any length: a short one is answered whole with its length, a long one is
 * streamed in chunks as it is read, with exactly the same JSON.
 */
class InventoryStreamingTest extends HttpAdapterTest {

    private static final String[] STATUSES = {"available", "pending", "sold"};

    @Test
    void answersAShortListWholeWithItsLength() {
        ApiResponse response = api.get("/v1/inventory").authorized().send();

        assertEquals(List.of(String.valueOf(response.body().length())), response.header("Content-Length"),
                response::toString);
        assertEquals(List.of(), response.header("Transfer-Encoding"), response::toString);
    }

    @Test
    void streamsALongListInChunksWithEveryEntryInOrder() {
        inventory.fill(5_000);

        ApiResponse response = api.get("/v1/inventory").authorized().send();

        assertJson(response, 200, expectedJson(5_000));
        assertEquals(List.of("chunked"), response.header("Transfer-Encoding"));
        assertEquals(List.of(), response.header("Content-Length"));
    }

    /** The JSON of {@link InMemoryInventory#fill(int)}'s entries, as a client must read it. */
    static String expectedJson(int count) {
        return IntStream.rangeClosed(1, count)
                .mapToObj(petId -> "{\"petId\":" + petId + ",\"quantity\":" + petId % 1000 + ",\"status\":\""
                        + STATUSES[petId % 3] + "\"}")
                .collect(Collectors.joining(",", "[", "]"));
    }
}
