package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code PETSTORE_LOOM_CARRIER=false}: the event loops carry no virtual threads (Micronaut's experimental setting
 * off), and the service answers as with it on.
 */
class LoomCarrierSwitchEndToEndTest {

    @TempDir
    Path dataDir;

    @Test
    void theServiceAnswersWithTheLoomCarrierOff() {
        try (RunningService service = RunningService.start(Backend.h2(dataDir),
                Map.of("micronaut.netty.event-loops.default.loom-carrier", false))) {
            HttpResponse<String> list = service.get("/v1/inventory");
            HttpResponse<String> update = service.patch("/v1/inventory/2", "{\"quantity\": 7}");
            HttpResponse<String> entry = service.get("/v1/inventory/2");

            assertAll(() -> assertEquals(200, list.statusCode()),
                    () -> assertTrue(list.body().startsWith("[{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"),
                            list.body()),
                    () -> assertEquals(200, update.statusCode()),
                    () -> assertEquals("{\"petId\":2,\"quantity\":7,\"status\":\"available\"}", update.body()),
                    () -> assertEquals(200, entry.statusCode()),
                    () -> assertEquals("{\"petId\":2,\"quantity\":7,\"status\":\"available\"}", entry.body()));
        }
    }
}
