package org.petstore.inventory.domain.webhook;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Objects;

/**
 * Where a webhook's deliveries are sent: an absolute {@code https://} or {@code http://} URL (RFC 3986, as
 * {@code java.net.URI} reads it) with a host, at most {@value #MAX_LENGTH} characters, without user information
 * (credentials in a URL end up in logs) and without a fragment (never sent). Path and query are kept as given. Whether
 * {@code http://} may be used, and where the host may lead, is the {@link AddressPolicy}'s to say once the host is
 * resolved. Nothing here looks a name up.
 */
public record WebhookUrl(URI uri) {

    public static final int MAX_LENGTH = 2048;
    private static final String EXAMPLE = "such as https://example.com/hooks/stock";

    public WebhookUrl {
        Objects.requireNonNull(uri, "uri");
        String text = uri.toString();
        if (text.length() > MAX_LENGTH) {
            throw new InvalidWebhookRequestException("url must be at most " + MAX_LENGTH + " characters, got "
                    + text.length());
        }
        String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || uri.isOpaque() || !("https".equals(scheme) || "http".equals(scheme))) {
            throw new InvalidWebhookRequestException("url must be an absolute https:// URL, " + EXAMPLE + ", got "
                    + InvalidWebhookRequestException.quoted(text));
        }
        if (uri.getRawUserInfo() != null) {
            throw new InvalidWebhookRequestException("url must not carry user information (user:password@): "
                    + "leave it out, and check the receiver by the webhook's signature instead");
        }
        if (uri.getHost() == null) {
            throw new InvalidWebhookRequestException("url needs a host name or an IP address, " + EXAMPLE + ", got "
                    + InvalidWebhookRequestException.quoted(text));
        }
        String host = uri.getHost();
        if (host.startsWith("[") && IpLiterals.parse(host.substring(1, host.length() - 1)).isEmpty()) {
            throw new InvalidWebhookRequestException("url: " + InvalidWebhookRequestException.quoted(host)
                    + " is not an IPv6 address (a zone such as %eth0 is not accepted), " + EXAMPLE);
        }
        if (uri.getPort() == 0 || uri.getPort() > 65_535) {
            throw new InvalidWebhookRequestException("url: the port must be from 1 to 65535, got " + uri.getPort());
        }
        if (uri.getRawFragment() != null) {
            throw new InvalidWebhookRequestException("url must not have a fragment (the part from #), which is "
                    + "never sent: leave it out");
        }
    }

    /** A URL as a client writes it; anything that is not one is refused with the fix. */
    public static WebhookUrl parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidWebhookRequestException("url is needed: an absolute https:// URL, " + EXAMPLE);
        }
        if (text.length() > MAX_LENGTH) {
            throw new InvalidWebhookRequestException("url must be at most " + MAX_LENGTH + " characters, got "
                    + text.length());
        }
        try {
            return new WebhookUrl(new URI(text));
        } catch (URISyntaxException e) {
            throw new InvalidWebhookRequestException("url must be an absolute https:// URL, " + EXAMPLE + ", got "
                    + InvalidWebhookRequestException.quoted(text) + " (" + e.getReason() + " at index "
                    + e.getIndex() + ")");
        }
    }

    /** Whether the URL is {@code https://} (else {@code http://}). */
    public boolean https() {
        return "https".equalsIgnoreCase(uri.getScheme());
    }

    /** The host as the URL names it: a name, an IPv4 address, or an IPv6 address without its brackets. */
    public String host() {
        String host = uri.getHost();
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    /** The port connected to: the URL's own, or 443 for https and 80 for http. */
    public int port() {
        return uri.getPort() >= 0 ? uri.getPort() : https() ? 443 : 80;
    }

    @Override
    public String toString() {
        return uri.toString();
    }
}
