package org.petstore.inventory.adapter.http;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What a client observed: the status code, the headers (names case-insensitive) and the body as sent.
 */
record ApiResponse(int status, Map<String, List<String>> headers, String body) {

    ApiResponse {
        Map<String, List<String>> caseInsensitive = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, values) -> caseInsensitive.merge(name, List.copyOf(values), ApiResponse::concat));
        headers = caseInsensitive;
    }

    /** The values of a header, empty when it was not sent. */
    List<String> header(String name) {
        return headers.getOrDefault(name, List.of());
    }

    private static List<String> concat(List<String> first, List<String> second) {
        return Stream.concat(first.stream(), second.stream()).toList();
    }

    @Override
    public String toString() {
        return status + " " + headers + " " + body;
    }
}
