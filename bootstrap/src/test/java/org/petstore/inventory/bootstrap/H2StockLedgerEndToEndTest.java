package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stock ledger on the embedded H2 default. */
class H2StockLedgerEndToEndTest extends StockLedgerEndToEndTest {

    @TempDir
    Path dataDir;

    @Override
    Backend newBackend() {
        return Backend.h2(dataDir);
    }

    /**
     * With the interval as shipped (a minute, the first check 5 s after the start, as the README says), changes past
     * their retention are removed: the shipped configuration is what schedules the check. Once, on H2: the schedule
     * is the same on every backend.
     */
    @Test
    @Tag("wall-clock") // the first check comes 5 s after the start; a start slower than 4 s leaves it to the next one
    void withTheShippedIntervalTheFirstCheckRemovesChangesPastTheirRetention() throws InterruptedException {
        try (RunningService service = RunningService.start(newBackend(), Map.of("petstore.ledger.retention", "1s"))) {
            assertEquals(200, service.patch("/v1/inventory/3", "{\"quantity\": 1}").statusCode());

            HttpResponse<String> feed = service.get("/v1/inventory/changes?after=0");
            for (long deadline = System.nanoTime() + 75_000_000_000L;
                 feed.statusCode() == 200 && System.nanoTime() < deadline; feed = service.get(
                         "/v1/inventory/changes?after=0")) {
                Thread.sleep(200);
            }

            assertEquals(410, feed.statusCode(), feed.body());
        }
    }
}
