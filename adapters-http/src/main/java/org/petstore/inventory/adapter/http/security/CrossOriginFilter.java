package org.petstore.inventory.adapter.http.security;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.annotation.PreMatching;
import io.micronaut.http.server.cors.CorsFilter;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.adapter.http.error.ErrorCode;

/**
 * Cross-origin access (CORS) for browsers, in place of Micronaut's filter, which refuses every foreign {@code Origin}
 * with an empty 403 when the server runs on localhost. Without configured origins (the default) {@code Origin} changes
 * nothing: the answer has no CORS headers, so browsers keep other origins' pages from reading it. With
 * {@link CrossOriginConfiguration configured origins}, such an origin gets the CORS headers and its preflights are
 * answered; any other foreign origin is refused with 403 {@code FORBIDDEN}, before authentication, since a preflight
 * never carries credentials.
 */
@Replaces(CorsFilter.class)
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class CrossOriginFilter implements Ordered {

    static final String ALLOWED_METHODS = "GET, HEAD, PATCH, POST";
    static final String ALLOWED_HEADERS = "Authorization, Content-Type, Content-Encoding, If-Match, If-None-Match, "
            + "Idempotency-Key";
    static final String EXPOSED_HEADERS = "ETag, WWW-Authenticate, Deprecation, Sunset, Link";
    static final String MAX_AGE_SECONDS = "600";
    private static final Set<String> ALLOWED_METHOD_NAMES = Set.of("GET", "HEAD", "PATCH", "POST");

    private final CrossOriginConfiguration configuration;

    CrossOriginFilter(CrossOriginConfiguration configuration) {
        this.configuration = configuration;
    }

    @PreMatching
    @RequestFilter
    @Nullable
    HttpResponse<?> checkOrigin(HttpRequest<?> request) {
        String origin = request.getHeaders().get(HttpHeaders.ORIGIN);
        if (origin == null || !configuration.configured()) {
            return null;
        }
        if (!configuration.allows(origin)) {
            if (isSameOrigin(origin, request)) {
                return null;
            }
            throw new ApiException(ErrorCode.FORBIDDEN, "Cross-origin requests from " + quoted(origin)
                    + " are not allowed");
        }
        if (!isPreflight(request)) {
            return null;
        }
        String method = request.getHeaders().get(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD).trim();
        if (!ALLOWED_METHOD_NAMES.contains(method.toUpperCase(Locale.ROOT))) {
            throw new ApiException(ErrorCode.FORBIDDEN, "Cross-origin requests may use only " + ALLOWED_METHODS);
        }
        return HttpResponse.noContent()
                .header(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, origin)
                .header(HttpHeaders.VARY, HttpHeaders.ORIGIN)
                .header(HttpHeaders.ACCESS_CONTROL_ALLOW_METHODS, ALLOWED_METHODS)
                .header(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS, ALLOWED_HEADERS)
                .header(HttpHeaders.ACCESS_CONTROL_MAX_AGE, MAX_AGE_SECONDS);
    }

    @ResponseFilter
    void addCorsHeaders(HttpRequest<?> request, MutableHttpResponse<?> response) {
        String origin = request.getHeaders().get(HttpHeaders.ORIGIN);
        if (configuration.configured()) {
            response.getHeaders().add(HttpHeaders.VARY, HttpHeaders.ORIGIN);
        }
        if (origin != null && configuration.allows(origin)) {
            response.getHeaders().set(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
            response.getHeaders().set(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED_HEADERS);
        }
    }

    @Override
    public int getOrder() {
        return CorsFilter.CORS_FILTER_ORDER;
    }

    private static boolean isPreflight(HttpRequest<?> request) {
        return request.getMethod() == HttpMethod.OPTIONS
                && request.getHeaders().contains(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD);
    }

    /** A page of the service itself (the API browser) sends its own origin: scheme, host and port of the request. */
    private static boolean isSameOrigin(String origin, HttpRequest<?> request) {
        String host = request.getHeaders().get(HttpHeaders.HOST);
        try {
            URI uri = new URI(origin);
            return host != null && uri.getRawAuthority() != null && uri.getRawAuthority().equalsIgnoreCase(host);
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static String quoted(String origin) {
        return "'" + EchoedInput.value(origin) + "'";
    }
}
