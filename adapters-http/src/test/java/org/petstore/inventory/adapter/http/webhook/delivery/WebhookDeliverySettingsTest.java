package org.petstore.inventory.adapter.http.webhook.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.petstore.inventory.adapter.http.webhook.delivery.ScriptedHostAddresses.address;

import io.micronaut.context.ApplicationContext;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.webhook.AddressVerdict;
import org.petstore.inventory.domain.webhook.Cidr;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;

/** {@code petstore.webhook.allowed-networks} and {@code .timeout}, as an operator writes them. */
class WebhookDeliverySettingsTest {

    @Test
    void byDefaultNoNetworkIsAdmittedAndAnAttemptTakesAtMostTenSeconds() {
        try (ApplicationContext context = ApplicationContext.run()) {
            WebhookDeliverySettings settings = context.getBean(WebhookDeliverySettings.class);

            assertEquals(List.of(), settings.allowedNetworks());
            assertEquals(Duration.ofSeconds(10), settings.timeout());
            assertInstanceOf(AddressVerdict.Refused.class, settings.addressPolicy().judge(address("127.0.0.1")));
        }
    }

    @Test
    void networksAreReadFromOneCommaSeparatedValueAsTheEnvironmentGivesIt() {
        try (ApplicationContext context = ApplicationContext.run(Map.of(
                "petstore.webhook.allowed-networks", "127.0.0.0/8, ::1/128",
                "petstore.webhook.timeout", "1500ms"))) {
            WebhookDeliverySettings settings = context.getBean(WebhookDeliverySettings.class);

            assertEquals(List.of("127.0.0.0/8", "::1/128"), settings.allowedNetworks());
            assertEquals(Duration.ofMillis(1500), settings.timeout());
            assertEquals(new AddressVerdict.AllowedNetwork(Cidr.parse("::1/128")),
                    settings.addressPolicy().judge(address("::1")));
        }
    }

    @Test
    void blankEntriesAreNoNetworks() {
        assertEquals(List.of("10.0.0.0/8"),
                new WebhookDeliverySettings(Arrays.asList("", " 10.0.0.0/8 ", null), Duration.ofSeconds(1))
                        .allowedNetworks());
        assertEquals(List.of(), new WebhookDeliverySettings(null, Duration.ofSeconds(1)).allowedNetworks());
    }

    @Test
    void aMalformedNetworkOrATimeoutOfZeroIsRefusedAtTheStart() {
        InvalidWebhookRequestException malformed = assertThrows(InvalidWebhookRequestException.class,
                () -> new WebhookDeliverySettings(List.of("10.0.0.0/33"), Duration.ofSeconds(1)));
        IllegalStateException zero = assertThrows(IllegalStateException.class,
                () -> new WebhookDeliverySettings(List.of(), Duration.ZERO));

        assertEquals("'10.0.0.0/33' is not a network: the prefix length after / is 0 to 32 for this address",
                malformed.getMessage());
        assertEquals("petstore.webhook.timeout must be positive, got PT0S", zero.getMessage());
    }
}
