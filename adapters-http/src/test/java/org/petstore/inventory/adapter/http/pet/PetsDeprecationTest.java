package org.petstore.inventory.adapter.http.pet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.micronaut.context.exceptions.ConfigurationException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The deprecation headers as configured, and the configurations the service refuses to start with. */
class PetsDeprecationTest {

    @Test
    void theHeadersFollowTheConfiguredDatesAndLink() {
        var deprecation = new PetsDeprecation(Instant.parse("2026-03-05T10:20:30Z"),
                Instant.parse("2028-02-09T08:07:06Z"), "https://docs.example.org/pets-sunset");

        assertEquals("@1772706030", deprecation.deprecationHeader());
        assertEquals("Wed, 09 Feb 2028 08:07:06 GMT", deprecation.sunsetHeader());
        assertEquals("<https://docs.example.org/pets-sunset>; rel=\"sunset\"", deprecation.linkHeader());
    }

    @Test
    void aSunsetOnTheDeprecationDayIsAccepted() {
        Instant day = Instant.parse("2027-01-01T00:00:00Z");

        assertEquals(day, new PetsDeprecation(day, day, "/v1/openapi.yml").sunsetAt());
    }

    @Test
    void aSunsetBeforeTheDeprecationIsRefused() {
        var error = assertThrows(ConfigurationException.class, () -> new PetsDeprecation(
                Instant.parse("2027-01-01T00:00:00Z"), Instant.parse("2026-12-31T00:00:00Z"), "/v1/openapi.yml"));

        assertEquals("petstore.pets.sunset-at (2026-12-31T00:00:00Z) must not be earlier than "
                + "petstore.pets.deprecated-at (2027-01-01T00:00:00Z)", error.getMessage());
    }

    @Test
    void aLinkThatIsNotAUriIsRefused() {
        Instant day = Instant.parse("2027-01-01T00:00:00Z");

        assertThrows(ConfigurationException.class, () -> new PetsDeprecation(day, day, " "));
        assertThrows(ConfigurationException.class, () -> new PetsDeprecation(day, day, "/a>; rel=\"x\", <b"));
    }
}
