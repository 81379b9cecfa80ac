package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.MatchResult;
import org.junit.jupiter.api.Test;

/**
 * The stock ledger on PostgreSQL, and what only a shared database has: several instances of the service, whose
 * changes form one ledger in the order they were made, each read with the same key id on every instance.
 */
class PostgresqlStockLedgerEndToEndTest extends StockLedgerEndToEndTest {

    @Override
    Backend newBackend() {
        return Backend.postgresqlWithDemoData();
    }

    @Test
    void changesMadeThroughTwoInstancesFormOneLedgerThatBothServe() {
        Backend shared = newBackend();
        try (RunningService first = RunningService.start(shared);
             RunningService second = RunningService.start(shared)) {
            for (int round = 0; round < 5; round++) {
                assertEquals(200, first.patch("/v1/inventory/1", "{\"quantity\": " + round + "}").statusCode());
                assertEquals(200, second.patch("/v1/inventory/2", "{\"quantity\": " + round + "}").statusCode());
            }

            List<String> throughFirst = feed(first);
            List<String> throughSecond = feed(second);
            assertEquals(10, throughFirst.size());
            assertEquals(throughFirst, throughSecond, "one ledger, the same on both instances");
            List<MatchResult> changes = changes("[" + String.join(",", throughFirst) + "]");
            for (int i = 0; i < changes.size(); i++) {
                assertEquals(i % 2 == 0 ? "1" : "2", changes.get(i).group(2), "in the order they were made");
                assertTrue(i == 0 || Long.parseLong(changes.get(i - 1).group(1))
                        < Long.parseLong(changes.get(i).group(1)));
            }
            assertEquals(changes.get(0).group(7), changes.get(1).group(7), "one key, one id, on either instance");
        }
    }

    /** Every change, through the feed, page by page (of 3) by its Link. */
    private static List<String> feed(RunningService service) {
        List<String> all = new ArrayList<>();
        String next = "/v1/inventory/changes?after=0&limit=3";
        while (true) {
            HttpResponse<String> page = service.get(next);
            assertEquals(200, page.statusCode(), page.body());
            List<MatchResult> changes = changes(page.body());
            if (changes.isEmpty()) {
                return all;
            }
            changes.forEach(change -> all.add(change.group()));
            String link = page.headers().firstValue("Link").orElseThrow();
            next = link.substring(1, link.indexOf('>'));
        }
    }
}
