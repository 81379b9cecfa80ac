package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The list-body cache on PostgreSQL, where several instances of the service share one database: a change
 * acknowledged by one instance, or made by a data command, is in the very next list of another instance that keeps
 * the list from before.
 */
class PostgresqlListCacheEndToEndTest extends ListCacheEndToEndTest {

    @Override
    Map<String, Object> newStore() {
        return Backend.postgresql().properties();
    }

    @Test
    void anUpdateAcknowledgedByOneInstanceIsInTheVeryNextListOfAnother() throws IOException {
        Map<String, Object> store = twoPets();
        try (RunningService a = RunningService.start(() -> store);
             RunningService b = RunningService.start(() -> store)) {
            HttpResponse<String> before = list(b);
            assertEquals(comparable(before), comparable(list(b)), "b keeps the list");

            HttpResponse<String> patched = a.patch("/v1/inventory/2", "{\"quantity\": 17}");
            HttpResponse<String> after = list(b);

            assertAll(
                    () -> assertEquals(200, patched.statusCode(), patched::body),
                    () -> assertEquals(TWO_PETS_JSON.replace("\"quantity\":3", "\"quantity\":17"), after.body()),
                    () -> assertEquals("W/\"2.3.0\"", tagOf(after)),
                    () -> assertNotEquals(tagOf(before), tagOf(after)));
        }
    }

    /**
     * The stale case of a validator without removals: an import removes one entry and adds another at the same
     * version and quantity, so the number of entries and the sum of their versions stay the same.
     */
    @Test
    void anImportThatRemovesAnEntryAndAddsAnotherIsInTheVeryNextListOfAnInstanceThatKeepsTheOld()
            throws IOException {
        Map<String, Object> store = twoPets();
        try (RunningService a = RunningService.start(() -> store);
             RunningService b = RunningService.start(() -> store)) {
            HttpResponse<String> before = list(b);
            assertEquals(comparable(before), comparable(list(b)), "b keeps the list");
            assertEquals(comparable(before), comparable(list(a)), "a keeps the list");

            load(store, """
                    petId,name,status,quantity,version
                    1,Rex,available,12,1
                    3,Kit,available,3,1
                    """, "replace");

            String expected = TWO_PETS_JSON.replace("\"petId\":2", "\"petId\":3");
            for (RunningService instance : new RunningService[] {b, a}) {
                HttpResponse<String> after = list(instance);
                assertAll(
                        () -> assertEquals(expected, after.body()),
                        () -> assertEquals("W/\"2.2.1\"", tagOf(after)),
                        () -> assertNotEquals(tagOf(before), tagOf(after)));
            }
        }
    }
}
