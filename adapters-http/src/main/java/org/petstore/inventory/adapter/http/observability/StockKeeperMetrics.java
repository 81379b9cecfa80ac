package org.petstore.inventory.adapter.http.observability;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import org.petstore.inventory.adapter.http.error.ErrorCode;

/**
 * The counters a stock keeper watches, exposed at {@code /prometheus}: stock levels changed
 * ({@code petstore_stock_updates_total}) and updates refused because the entry changed since the client read it
 * ({@code petstore_precondition_failures_total}, 412 to a conditional PATCH). Counted from the answers of
 * {@code PATCH /v1/inventory/{petId}}, so every way an update is refused or accepted is seen once.
 */
@ServerFilter("/v1/inventory/*")
final class StockKeeperMetrics {

    static final String STOCK_UPDATES = "petstore.stock.updates";
    static final String PRECONDITION_FAILURES = "petstore.precondition.failures";

    private final Counter stockUpdates;
    private final Counter preconditionFailures;

    StockKeeperMetrics(MeterRegistry registry) {
        this.stockUpdates = Counter.builder(STOCK_UPDATES)
                .description("Stock levels set through PATCH /v1/inventory/{petId}")
                .register(registry);
        this.preconditionFailures = Counter.builder(PRECONDITION_FAILURES)
                .description("Stock updates refused with 412: the entry changed since the client read it")
                .register(registry);
    }

    @ResponseFilter
    void count(HttpRequest<?> request, HttpResponse<?> response) {
        if (request.getMethod() == HttpMethod.PATCH) {
            countUpdateAnswer(response.getStatus().getCode());
        }
    }

    /** Counts the answer to a {@code PATCH /v1/inventory/{petId}}, by its status. */
    void countUpdateAnswer(int status) {
        if (status == HttpStatus.OK.getCode()) {
            stockUpdates.increment();
        } else if (status == ErrorCode.PRECONDITION_FAILED.status().getCode()) {
            preconditionFailures.increment();
        }
    }
}
