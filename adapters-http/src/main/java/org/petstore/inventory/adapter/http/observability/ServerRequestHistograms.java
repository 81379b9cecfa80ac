package org.petstore.inventory.adapter.http.observability;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micronaut.configuration.metrics.binder.web.config.HttpServerMeterConfig;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Arrays;

/**
 * The distribution settings of the request timer ({@link ServerRequestMetrics}) that micronaut-micrometer's web
 * binder applied and that {@code micronaut.metrics.binders.web.enabled: false} switches off with the binder's filter:
 * {@code micronaut.metrics.binders.web.server.percentiles}, {@code .histogram}, {@code .slos}, {@code .min} and
 * {@code .max} (seconds) keep their meaning. None is set by default: the timer then has its count, sum and maximum.
 * Goes away with {@link ServerRequestMetrics}.
 */
@Singleton
@Requires(property = HttpServerMeterConfig.PATH)
final class ServerRequestHistograms implements MeterFilter {

    private static final double NANOS_PER_SECOND = 1_000_000_000d;

    private final HttpServerMeterConfig settings;

    ServerRequestHistograms(HttpServerMeterConfig settings) {
        this.settings = settings;
    }

    @Override
    public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
        if (!id.getName().startsWith(ServerRequestMetrics.REQUESTS)) {
            return config;
        }
        DistributionStatisticConfig.Builder builder = DistributionStatisticConfig.builder()
                .percentiles(Arrays.stream(settings.getPercentiles()).mapToDouble(Double::doubleValue).toArray())
                .serviceLevelObjectives(Arrays.stream(settings.getSlos())
                        .mapToDouble(seconds -> seconds * NANOS_PER_SECOND).toArray())
                .percentilesHistogram(settings.getHistogram());
        if (settings.getMin() != null) {
            builder.minimumExpectedValue(settings.getMin() * NANOS_PER_SECOND);
        }
        if (settings.getMax() != null) {
            builder.maximumExpectedValue(settings.getMax() * NANOS_PER_SECOND);
        }
        return builder.build().merge(config);
    }
}
