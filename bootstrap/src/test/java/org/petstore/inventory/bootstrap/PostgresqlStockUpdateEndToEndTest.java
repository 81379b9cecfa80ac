package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Stock updates on PostgreSQL, and the production default of no demo data. */
class PostgresqlStockUpdateEndToEndTest extends StockUpdateEndToEndTest {

    @Override
    Backend newBackend() {
        return Backend.postgresqlWithDemoData();
    }

    @Test
    void postgresqlStartsWithoutDemoDataUnlessAskedFor() {
        try (RunningService service = RunningService.start(Backend.postgresql())) {
            assertEquals("[]", service.get("/v1/inventory").body());
        }
    }
}
