package org.petstore.inventory.adapter.http.error;

/**
 * Client input quoted back in an error message, cut short so that a huge value cannot make a huge response.
 */
public final class EchoedInput {

    /** A single value: a path parameter, a JSON member name or number. */
    private static final int MAX_VALUE = 64;
    /** A request path. */
    private static final int MAX_PATH = 200;

    private EchoedInput() {
    }

    /** A value as the client sent it, at most 64 characters and "..." after them. */
    public static String value(String value) {
        return truncated(value, MAX_VALUE);
    }

    /** A request path as the client sent it, at most 200 characters and "..." after them. */
    public static String path(String path) {
        return truncated(path, MAX_PATH);
    }

    private static String truncated(String input, int limit) {
        return input.length() <= limit ? input : input.substring(0, limit) + "...";
    }
}
