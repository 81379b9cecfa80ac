package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.annotation.Property;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@code petstore.server.fast-routes} decides whether the fast path sits in each connection's pipeline, in front of
 * Micronaut's router; it reads the usual words of a switch ("off" as well as "false").
 */
class FastRoutesSwitchTest {

    private static final String FAST_PATH = "petstore-fast-path";

    private static List<String> pipelineOfAConnection(ApiClient api, PipelineRecorder recorder) throws Exception {
        try (RawConnection connection = api.connect()) {
            // a request the router answers: the recorder sits behind the fast path, which would answer a list itself
            String request = "GET /v1/store/orders HTTP/1.1\r\nHost: " + api.hostAndPort() + "\r\nAuthorization: Bearer "
                    + ApiClient.KEY + "\r\n\r\n";
            assertEquals(200, connection.send(request).read().status());
        }
        return recorder.names().get(5, TimeUnit.SECONDS);
    }

    @Nested
    @Property(name = PipelineRecorder.ENABLED, value = "true")
    class ByDefault extends HttpAdapterTest {

        @Inject
        PipelineRecorder recorder;

        @Test
        void theFastPathIsInThePipeline() throws Exception {
            List<String> pipeline = pipelineOfAConnection(api, recorder);
            assertTrue(pipeline.stream().anyMatch(name -> name.startsWith(FAST_PATH)), pipeline.toString());
        }
    }

    @Nested
    @Property(name = PipelineRecorder.ENABLED, value = "true")
    @Property(name = "petstore.server.fast-routes", value = "off")
    class SwitchedOff extends HttpAdapterTest {

        @Inject
        PipelineRecorder recorder;

        @Test
        void everyRequestGoesThroughTheRouter() throws Exception {
            List<String> pipeline = pipelineOfAConnection(api, recorder);
            assertFalse(pipeline.stream().anyMatch(name -> name.startsWith(FAST_PATH)), pipeline.toString());
        }
    }
}
