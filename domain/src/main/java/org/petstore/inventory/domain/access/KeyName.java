package org.petstore.inventory.domain.access;

/** What an operator calls a key ("till-3", "storefront"): 1 to 100 characters, no control characters. */
public record KeyName(String value) {

    public static final int MAX_LENGTH = 100;

    public KeyName {
        if (value == null || value.isBlank()) {
            throw new InvalidKeyRequestException("name must not be empty: say what the key is for, e.g. \"till-3\"");
        }
        if (value.length() > MAX_LENGTH || value.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidKeyRequestException("name must be 1 to " + MAX_LENGTH
                    + " characters without control characters");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
