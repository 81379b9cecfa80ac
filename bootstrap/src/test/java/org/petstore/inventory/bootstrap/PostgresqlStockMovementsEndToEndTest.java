package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Stock movements on PostgreSQL, and with two instances of the service on one database, as behind a balancer: sales
 * sent to both never sell more than the stock, and a keyed request is carried out once whichever instance its copies
 * reach.
 */
class PostgresqlStockMovementsEndToEndTest extends StockMovementsEndToEndTest {

    @Override
    Backend newBackend() {
        return Backend.postgresqlWithDemoData();
    }

    @Test
    void concurrentSalesThroughTwoInstancesSellExactlyTheStock() {
        Map<String, Object> store = newBackend().properties();
        try (RunningService a = RunningService.start(() -> store);
             RunningService b = RunningService.start(() -> store)) {
            assertEquals(200, a.patch("/v1/inventory/9", "{\"quantity\": 50}").statusCode());
            List<HttpRequest> sales = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                sales.add(sale(a, 9));
                sales.add(sale(b, 9));
            }

            assertSalesOfFifty(a.sendConcurrently(sales), b, 9);
        }
    }

    @Test
    void aKeyedRequestIsCarriedOutOnceWhicheverInstanceItsCopiesReach() {
        Map<String, Object> store = newBackend().properties();
        try (RunningService a = RunningService.start(() -> store);
             RunningService b = RunningService.start(() -> store)) {
            a.patch("/v1/inventory/6", "{\"quantity\": 20}");
            String body = "{\"changes\": [{\"petId\": 6, \"delta\": -4}], \"reason\": \"sale\"}";
            List<HttpRequest> copies = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                copies.add(post(i % 2 == 0 ? a : b, "/v1/inventory/changes", body, "Idempotency-Key", "\"order-6\""));
            }

            List<HttpResponse<String>> answers = a.sendConcurrently(copies);
            HttpResponse<String> retryOnB = b.send(post(b, "/v1/inventory/changes", body,
                    "Idempotency-Key", "\"order-6\""));

            Set<String> applied = answers.stream().filter(answer -> answer.statusCode() == 200)
                    .map(HttpResponse::body).collect(Collectors.toSet());
            assertEquals(Set.of("[{\"petId\":6,\"quantity\":16,\"status\":\"available\"}]"), applied);
            for (HttpResponse<String> answer : answers) {
                assertTrue(answer.statusCode() == 200 || answer.statusCode() == 409, answer.body());
                if (answer.statusCode() == 409) {
                    assertTrue(answer.body().startsWith("{\"code\":\"IDEMPOTENCY_KEY_IN_USE\","), answer.body());
                }
            }
            assertEquals(200, retryOnB.statusCode());
            assertEquals(applied.iterator().next(), retryOnB.body());
            assertEquals("{\"petId\":6,\"quantity\":16,\"status\":\"available\"}", b.get("/v1/inventory/6").body());
            assertEquals("20", history(b, 6).get(0).group(3), "one sale recorded, after the PATCH");
            assertEquals("20", history(b, 6).get(1).group(4));
        }
    }
}
