package org.petstore.inventory.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebhookUrlTest {

    private static String refusal(String text) {
        return assertThrows(InvalidWebhookRequestException.class, () -> WebhookUrl.parse(text)).getMessage();
    }

    @Test
    void anHttpsUrlKeepsItsPathAndQuery() {
        WebhookUrl url = WebhookUrl.parse("https://hooks.example.com/stock/v1?token=abc&x=1");

        assertAll(
                () -> assertTrue(url.https()),
                () -> assertEquals("hooks.example.com", url.host()),
                () -> assertEquals(443, url.port()),
                () -> assertEquals(URI.create("https://hooks.example.com/stock/v1?token=abc&x=1"), url.uri()),
                () -> assertEquals("https://hooks.example.com/stock/v1?token=abc&x=1", url.toString()));
    }

    @Test
    void thePortIsTheUrlsOwnOrTheSchemesDefault() {
        assertEquals(8443, WebhookUrl.parse("https://hooks.example.com:8443/").port());
        assertEquals(80, WebhookUrl.parse("http://receiver.internal/").port());
        assertEquals(9000, WebhookUrl.parse("http://127.0.0.1:9000/hooks").port());
        assertFalse(WebhookUrl.parse("http://receiver.internal/").https());
        assertTrue(WebhookUrl.parse("HTTPS://Hooks.Example.com/").https());
    }

    @Test
    void anIpv6HostIsGivenWithoutItsBrackets() {
        WebhookUrl url = WebhookUrl.parse("https://[2606:4700:4700::1111]:8443/hooks");

        assertEquals("2606:4700:4700::1111", url.host());
        assertEquals(8443, url.port());
        assertEquals("127.0.0.1", WebhookUrl.parse("http://127.0.0.1/").host());
    }

    @Test
    void aUrlThatIsNotAbsoluteHttpsOrHttpIsRefusedWithTheFix() {
        assertAll(
                () -> assertEquals("url must be an absolute https:// URL, such as https://example.com/hooks/stock, "
                        + "got '/hooks/stock'", refusal("/hooks/stock")),
                () -> assertEquals("url must be an absolute https:// URL, such as https://example.com/hooks/stock, "
                        + "got 'ftp://example.com/x'", refusal("ftp://example.com/x")),
                () -> assertEquals("url must be an absolute https:// URL, such as https://example.com/hooks/stock, "
                        + "got 'https:example.com'", refusal("https:example.com")),
                () -> assertEquals("url must be an absolute https:// URL, such as https://example.com/hooks/stock, "
                        + "got 'hooks.example.com'", refusal("hooks.example.com")),
                () -> assertEquals("url is needed: an absolute https:// URL, such as https://example.com/hooks/stock",
                        refusal(" ")),
                () -> assertEquals("url is needed: an absolute https:// URL, such as https://example.com/hooks/stock",
                        refusal(null)));
    }

    @Test
    void aUrlThatDoesNotParseNamesWhere() {
        assertEquals("url must be an absolute https:// URL, such as https://example.com/hooks/stock, got "
                + "'https://exa mple.com/' (Illegal character in authority at index 11)",
                refusal("https://exa mple.com/"));
    }

    @Test
    void userInformationIsRefused() {
        String message = "url must not carry user information (user:password@): leave it out, and check the receiver "
                + "by the webhook's signature instead";

        assertEquals(message, refusal("https://user:secret@hooks.example.com/"));
        assertEquals(message, refusal("https://user@hooks.example.com/"));
        assertEquals(message, refusal("http://a@127.0.0.1:8080/"));
        assertFalse(refusal("https://user:secret@hooks.example.com/").contains("secret@"));
    }

    @Test
    void aFragmentIsRefused() {
        assertEquals("url must not have a fragment (the part from #), which is never sent: leave it out",
                refusal("https://hooks.example.com/stock#part"));
    }

    @Test
    void aUrlWithoutAHostIsRefused() {
        assertEquals("url needs a host name or an IP address, such as https://example.com/hooks/stock, got "
                + "'https:///hooks'", refusal("https:///hooks"));
        assertTrue(refusal("https://under_score.example.com/").startsWith("url needs a host name"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://hooks.example.com:0/", "https://hooks.example.com:65536/",
            "https://hooks.example.com:99999/"})
    void aPortOutsideOneTo65535IsRefused(String text) {
        assertTrue(refusal(text).startsWith("url: the port must be from 1 to 65535, got "), refusal(text));
    }

    @Test
    void anIpv6ZoneIsRefused() {
        assertThrows(InvalidWebhookRequestException.class, () -> WebhookUrl.parse("https://[fe80::1%25eth0]/"));
    }

    @Test
    void aUrlIsAtMost2048Characters() {
        String base = "https://hooks.example.com/";
        String longest = base + "a".repeat(WebhookUrl.MAX_LENGTH - base.length());

        assertEquals(2048, WebhookUrl.parse(longest).toString().length());
        assertEquals("url must be at most 2048 characters, got 2049", refusal(longest + "a"));
        assertEquals("url must be at most 2048 characters, got 2049",
                assertThrows(InvalidWebhookRequestException.class,
                        () -> new WebhookUrl(URI.create(longest + "a"))).getMessage());
    }

    @Test
    void theConstructorChecksAsParseDoes() {
        assertThrows(InvalidWebhookRequestException.class,
                () -> new WebhookUrl(URI.create("https://user@hooks.example.com/")));
        assertThrows(InvalidWebhookRequestException.class, () -> new WebhookUrl(URI.create("/relative")));
        assertThrows(NullPointerException.class, () -> new WebhookUrl(null));
    }

    @Test
    void aLongUrlIsQuotedCutShort() {
        String path = "/" + "x".repeat(500);

        assertEquals("url must be an absolute https:// URL, such as https://example.com/hooks/stock, got '"
                + path.substring(0, 64) + "...'", refusal(path));
    }
}
