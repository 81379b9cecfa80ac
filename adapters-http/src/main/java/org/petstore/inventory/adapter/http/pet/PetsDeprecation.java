package org.petstore.inventory.adapter.http.pet;

import io.micronaut.context.annotation.Property;
import io.micronaut.context.exceptions.ConfigurationException;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * When {@code GET /v1/pets/{petId}} was deprecated and when it goes away, from configuration, and the headers
 * that say so: {@code Deprecation} (RFC 9745), {@code Sunset} (RFC 8594) and a {@code Link} with
 * {@code rel="sunset"}.
 */
@Singleton
public final class PetsDeprecation {

    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    private final Instant deprecatedAt;
    private final Instant sunsetAt;
    private final String sunsetLink;

    static final String DEFAULT_DEPRECATED_AT = "2026-01-01T00:00:00Z";
    static final String DEFAULT_SUNSET_AT = "2027-07-01T00:00:00Z";
    static final String DEFAULT_SUNSET_LINK = "/v1/openapi.yml";

    PetsDeprecation(@Property(name = "petstore.pets.deprecated-at", defaultValue = DEFAULT_DEPRECATED_AT)
                    Instant deprecatedAt,
                    @Property(name = "petstore.pets.sunset-at", defaultValue = DEFAULT_SUNSET_AT) Instant sunsetAt,
                    @Property(name = "petstore.pets.sunset-link", defaultValue = DEFAULT_SUNSET_LINK)
                    String sunsetLink) {
        if (sunsetAt.isBefore(deprecatedAt)) {
            throw new ConfigurationException("petstore.pets.sunset-at (" + sunsetAt
                    + ") must not be earlier than petstore.pets.deprecated-at (" + deprecatedAt + ")");
        }
        if (sunsetLink.isBlank() || sunsetLink.contains(">")) {
            throw new ConfigurationException("petstore.pets.sunset-link must be a URI, got '" + sunsetLink + "'");
        }
        this.deprecatedAt = deprecatedAt;
        this.sunsetAt = sunsetAt;
        this.sunsetLink = sunsetLink;
    }

    /** When the endpoint goes away. */
    public Instant sunsetAt() {
        return sunsetAt;
    }

    /** {@code @<unix-seconds>}: an RFC 9651 date, as RFC 9745 wants. */
    String deprecationHeader() {
        return "@" + deprecatedAt.getEpochSecond();
    }

    /** An HTTP-date, as RFC 8594 wants. */
    String sunsetHeader() {
        return HTTP_DATE.format(sunsetAt);
    }

    String linkHeader() {
        return "<" + sunsetLink + ">; rel=\"sunset\"";
    }
}
