package org.petstore.inventory.application.port.outbound;

import java.util.Objects;
import java.util.Optional;

/**
 * Where another database is, and how to sign in to it.
 *
 * @param url      its JDBC URL
 * @param user     the user; empty: the database's default
 * @param password the password, empty for none; never shown by {@link #toString()}
 */
public record StoreAddress(String url, Optional<String> user, String password) {

    public StoreAddress {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
    }

    @Override
    public String toString() {
        return "StoreAddress[url=" + url + ", user=" + user + "]";
    }
}
