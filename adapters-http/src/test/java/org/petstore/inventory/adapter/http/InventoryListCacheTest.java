package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The list-body cache as a client sees it: a list read again while nothing changed is the same response, byte for
 * byte, sent without reading the list (one question for its version instead); any change is in the very next
 * answer; a list too long for one buffer is streamed as before and stops the cache, so that long lists cost no
 * extra question; {@code petstore.inventory.list-cache.enabled: false} reads every list.
 */
class InventoryListCacheTest extends HttpAdapterTest {

    private static final String SEED_JSON = "[{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"
            + "{\"petId\":2,\"quantity\":0,\"status\":\"sold\"},{\"petId\":10,\"quantity\":3,\"status\":\"pending\"}]";

    private ApiResponse list() {
        return api.get("/v1/inventory").authorized().send();
    }

    @Test
    void aListReadAgainWhileNothingChangedIsTheSameAnswerWithoutReadingTheList() {
        ApiResponse first = list();
        int listsOpened = inventory.listsOpened();
        int versionsRead = inventory.versionsRead();

        ApiResponse again = list();
        ApiResponse third = list();

        assertEquals(SEED_JSON, first.body());
        assertEquals(comparable(first), comparable(again));
        assertEquals(comparable(first), comparable(third));
        assertEquals(listsOpened, inventory.listsOpened(), "lists read for a list that did not change");
        assertEquals(versionsRead + 2, inventory.versionsRead(), "one version asked for per answer");
    }

    @Test
    void aChangeIsInTheVeryNextAnswer() {
        ApiResponse before = list();
        list();

        api.patch("/v1/inventory/2").authorized().json("{\"quantity\":7}").send();
        ApiResponse after = list();

        assertEquals(SEED_JSON.replace("\"quantity\":0", "\"quantity\":7"), after.body());
        assertHeader(after, "ETag", "W/\"3.4.0\"");
        assertNotEquals(before.header("ETag"), after.header("ETag"));
        assertEquals(comparable(after), comparable(list()), "the changed list is kept in turn");
    }

    @Test
    void ifNoneMatchIsAnsweredByTheSameQuestionAsTheCache() {
        String tag = list().header("ETag").getFirst();
        int versionsRead = inventory.versionsRead();
        int listsOpened = inventory.listsOpened();

        ApiResponse notModified = api.get("/v1/inventory").authorized().header("If-None-Match", tag).send();
        ApiResponse otherTag = api.get("/v1/inventory").authorized().header("If-None-Match", "W/\"3.2.0\"").send();

        assertEquals(304, notModified.status(), notModified::toString);
        assertEquals("", notModified.body());
        assertEquals(200, otherTag.status(), otherTag::toString);
        assertEquals(SEED_JSON, otherTag.body());
        assertHeader(otherTag, "ETag", tag);
        assertEquals(versionsRead + 2, inventory.versionsRead(), "one version asked for per request");
        assertEquals(listsOpened, inventory.listsOpened());
    }

    @Test
    void aListThatGrowsPastOneBufferIsStreamedAndStopsTheCache() {
        list();
        inventory.fill(5_000);

        ApiResponse grown = list();
        int versionsRead = inventory.versionsRead();
        int listsOpened = inventory.listsOpened();
        ApiResponse again = list();

        assertEquals(List.of("chunked"), grown.header("Transfer-Encoding"));
        assertEquals(InventoryStreamingTest.expectedJson(5_000), grown.body());
        assertEquals(InventoryStreamingTest.expectedJson(5_000), again.body());
        assertEquals(versionsRead, inventory.versionsRead(), "a long list costs no question for its version");
        assertEquals(listsOpened + 1, inventory.listsOpened());
    }

    @Test
    void anAnswerFromTheCacheIsTheAnswerOfAServerWithoutIt() {
        try (EmbeddedServer uncached = ApplicationContext.run(EmbeddedServer.class,
                Map.of("petstore.inventory.list-cache.enabled", false), Environment.TEST)) {
            InMemoryInventory uncachedInventory = uncached.getApplicationContext().getBean(InMemoryInventory.class);
            uncachedInventory.reset();
            ApiClient uncachedApi = new ApiClient(uncached);
            list();
            ApiResponse cached = list();

            ApiResponse first = uncachedApi.get("/v1/inventory").authorized().send();
            int versionsRead = uncachedInventory.versionsRead();
            ApiResponse second = uncachedApi.get("/v1/inventory").authorized().send();

            assertEquals(comparable(first), comparable(cached));
            assertEquals(comparable(first), comparable(second));
            assertEquals(2, uncachedInventory.listsOpened(), "every list is read without the cache");
            assertEquals(versionsRead, uncachedInventory.versionsRead(), "and no version is asked for");
        }
    }

    /** A response without what differs from one response to the next: the values of Date and X-Request-Id. */
    private static ApiResponse comparable(ApiResponse response) {
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.putAll(response.headers());
        headers.computeIfPresent("Date", (name, values) -> List.of("(a date)"));
        headers.computeIfPresent("X-Request-Id", (name, values) -> List.of("(an id)"));
        return new ApiResponse(response.status(), headers, response.body());
    }
}
