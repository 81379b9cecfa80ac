package org.petstore.inventory.adapter.http.pet;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Filter;
import io.micronaut.http.filter.HttpServerFilter;
import io.micronaut.http.filter.ServerFilterChain;
import io.micronaut.http.filter.ServerFilterPhase;
import org.reactivestreams.Publisher;

/**
 * Puts the deprecation headers on every response of {@code /v1/pets/...}, errors included (401 from security,
 * 400, 404, 405): it runs before the security filter, so it sees every response on the way out.
 */
@Filter("/v1/pets/**")
final class PetsDeprecationFilter implements HttpServerFilter {

    static final String DEPRECATION = "Deprecation";
    static final String SUNSET = "Sunset";

    private final PetsDeprecation deprecation;

    PetsDeprecationFilter(PetsDeprecation deprecation) {
        this.deprecation = deprecation;
    }

    @Override
    public Publisher<MutableHttpResponse<?>> doFilter(HttpRequest<?> request, ServerFilterChain chain) {
        return Publishers.map(chain.proceed(request), response -> response
                .header(DEPRECATION, deprecation.deprecationHeader())
                .header(SUNSET, deprecation.sunsetHeader())
                .header(HttpHeaders.LINK, deprecation.linkHeader()));
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.FIRST.order();
    }
}
