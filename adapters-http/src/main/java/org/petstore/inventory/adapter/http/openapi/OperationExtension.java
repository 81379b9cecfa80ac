package org.petstore.inventory.adapter.http.openapi;

/**
 * An extension ({@code x-...}) of one operation of the OpenAPI document whose value only the running service knows,
 * such as a configured date. Each bean of this type is added to the document at startup.
 *
 * @param path   the operation's path as its controller declares it, e.g. {@code /v1/pets/{petId}}
 * @param method the HTTP method in lower case, as in the document
 * @param name   the extension's name, starting with {@code x-}
 * @param value  its value
 */
public record OperationExtension(String path, String method, String name, String value) {
}
