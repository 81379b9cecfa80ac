package org.petstore.inventory.adapter.http.pet;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.exceptions.ConfigurationException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * {@code petstore.pets.*}: when {@code GET /v1/pets/{petId}} was deprecated ({@code deprecated-at}), when it goes away
 * ({@code sunset-at}) and where that is explained ({@code sunset-link}), and the headers that say so:
 * {@code Deprecation} (RFC 9745), {@code Sunset} (RFC 8594) and a {@code Link} with {@code rel="sunset"}. A sunset
 * before the deprecation, or a link that is not a URI, refuses startup.
 */
@ConfigurationProperties("petstore.pets")
record PetsDeprecation(Instant deprecatedAt, Instant sunsetAt, String sunsetLink) {

    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    PetsDeprecation {
        if (sunsetAt.isBefore(deprecatedAt)) {
            throw new ConfigurationException("petstore.pets.sunset-at (" + sunsetAt
                    + ") must not be earlier than petstore.pets.deprecated-at (" + deprecatedAt + ")");
        }
        if (sunsetLink.isBlank() || sunsetLink.contains(">")) {
            throw new ConfigurationException("petstore.pets.sunset-link must be a URI, got '" + sunsetLink + "'");
        }
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
