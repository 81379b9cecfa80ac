package org.petstore.inventory.adapter.http.key;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import org.petstore.inventory.adapter.http.body.BodyRefusals;
import org.petstore.inventory.adapter.http.error.ErrorBody;
import org.petstore.inventory.adapter.http.openapi.ErrorResponses;
import org.petstore.inventory.adapter.http.security.ActingKey;
import org.petstore.inventory.adapter.http.security.ActingKey.Kind;
import org.petstore.inventory.application.port.inbound.IssuedKey;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase;
import org.petstore.inventory.application.port.inbound.ManageApiKeysUseCase;

/**
 * The key API (experimental): managed API keys created, listed, given a quota, rotated and revoked while the service
 * runs, each
 * route for a key that holds {@code keys:admin}, but {@code GET /v1/keys/self}, which tells any valid key what it is.
 * The acting key is the use cases' {@code Caller} ({@link ActingKey#caller}): it can never grant a scope it does not
 * hold. A secret is shown in the answer that issues it, and nowhere else.
 */
@Controller(ApiKeyController.PATH)
@Tag(name = "keys")
@ErrorResponses.OfEveryOperation
@Produces(MediaType.APPLICATION_JSON)
@ExecuteOn(TaskExecutors.BLOCKING)
final class ApiKeyController {

    static final String PATH = "/v1/keys";
    private static final String ID = "The key's id (key- and 12 hex digits)";
    private static final String NOT_FOUND = "No key has this id";

    private final ManageApiKeysUseCase keys;
    private final LimitRequestsUseCase limits;

    ApiKeyController(ManageApiKeysUseCase keys, LimitRequestsUseCase limits) {
        this.keys = keys;
        this.limits = limits;
    }

    @Post
    @Secured("keys:admin")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createApiKey", summary = "Creates an API key and shows its secret, once.",
            description = "Experimental: the key holds the scopes given, which the calling key must hold itself, "
                    + "until it expires (if expiresAt is given) or is revoked, with the quota given or the "
                    + "service's default. The answer is the only place its secret (key) is shown.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = KeyCreation.class)))
    @ApiResponse(responseCode = "201", description = "The key, with its secret", headers =
            @io.swagger.v3.oas.annotations.headers.Header(name = HttpHeaders.LOCATION, description = "The key's "
                    + "address, /v1/keys/{id}", schema = @Schema(type = "string")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = IssuedKeyResponse.class)))
    @ApiResponse(responseCode = "400", description = "The body is not valid: an unknown member, an empty name or "
            + "one another key has, an unknown or repeated scope, an expiry that is not in the future, a quota out "
            + "of bounds",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "403", description = "INSUFFICIENT_SCOPE: the calling key does not hold keys:admin, "
            + "or not every scope it would grant", content = @Content(
                    schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfJsonBody
    HttpResponse<IssuedKeyResponse> createApiKey(
            @Parameter(hidden = true) @Nullable @Body KeyCreation body,
            @Parameter(hidden = true) Authentication authentication,
            HttpRequest<?> request) {
        KeyCreation creation = BodyRefusals.sent(body, KeyBodies.CREATION, request);
        IssuedKey issued = keys.create(creation.command(), ActingKey.of(authentication).caller());
        return HttpResponse.created(IssuedKeyResponse.of(issued, limits),
                URI.create(PATH + "/" + issued.key().id()));
    }

    @Get
    @Secured("keys:admin")
    @Operation(operationId = "listApiKeys", summary = "Returns every managed API key, revoked ones included.",
            description = "Experimental: oldest first, with when each was last used and its quota; never a secret.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "200", description = "The keys", useReturnTypeSchema = true)
    @ErrorResponses.OfScopedOperation
    KeyListResponse listApiKeys() {
        return new KeyListResponse(keys.list().stream().map(key -> KeyResponse.of(key, limits)).toList());
    }

    @Get("/self")
    @Secured(SecurityRule.IS_AUTHENTICATED)
    @Operation(operationId = "getCallingApiKey", summary = "Returns the API key that sends the request.",
            description = "Experimental: for any valid key, configured or managed: which key it is, the scopes it "
                    + "holds, when it expires and, for a managed key, its quota: to find out why a request got 403 "
                    + "or 429.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "200", description = "The calling key", useReturnTypeSchema = true)
    CallingKeyResponse getCallingApiKey(@Parameter(hidden = true) Authentication authentication) {
        ActingKey acting = ActingKey.of(authentication);
        return acting.kind() == Kind.CONFIGURED ? CallingKeyResponse.configured(acting)
                : CallingKeyResponse.managed(acting, limits);
    }

    @Get("/{id}")
    @Secured("keys:admin")
    @Operation(operationId = "getApiKey", summary = "Returns one managed API key.",
            description = "Experimental: never its secret.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "200", description = "The key", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "404", description = NOT_FOUND,
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfScopedOperation
    KeyResponse getApiKey(@Parameter(description = ID, required = true) @PathVariable("id") String id) {
        return KeyResponse.of(keys.find(id), limits);
    }

    @Patch("/{id}")
    @Secured("keys:admin")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "updateApiKey", summary = "Changes a managed API key's quota.",
            description = "Experimental: the key gets the quota given, or with null the service's default; every "
                    + "instance applies it within seconds. Only the quota can be changed.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = KeyUpdate.class)))
    @ApiResponse(responseCode = "200", description = "The key, with its new quota",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = KeyResponse.class)))
    @ApiResponse(responseCode = "400", description = "The body is not valid: an unknown member, no quota, a quota "
            + "out of bounds", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = NOT_FOUND,
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfScopedOperation
    @ErrorResponses.OfJsonBody
    KeyResponse updateApiKey(@Parameter(description = ID, required = true) @PathVariable("id") String id,
                             @Parameter(hidden = true) @Nullable @Body KeyUpdate body,
                             @Parameter(hidden = true) Authentication authentication,
                             HttpRequest<?> request) {
        KeyUpdate update = BodyRefusals.sent(body, KeyBodies.UPDATE, request);
        return KeyResponse.of(keys.changeQuota(id, update.newQuota(), ActingKey.of(authentication).caller()), limits);
    }

    @Delete("/{id}")
    @Secured("keys:admin")
    @Operation(operationId = "revokeApiKey", summary = "Revokes a managed API key.",
            description = "Experimental: every instance refuses the key within seconds (401). Revoking a revoked "
                    + "key changes nothing and answers 204 again.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "204", description = "The key is revoked")
    @ApiResponse(responseCode = "404", description = NOT_FOUND,
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfScopedOperation
    HttpResponse<Void> revokeApiKey(@Parameter(description = ID, required = true) @PathVariable("id") String id,
                                    @Parameter(hidden = true) Authentication authentication) {
        keys.revoke(id, ActingKey.of(authentication).caller());
        return HttpResponse.noContent();
    }

    @Post("/{id}/rotation")
    @Secured("keys:admin")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "rotateApiKey", summary = "Issues a new secret for a managed API key.",
            description = "Experimental: the key keeps its id, name, scopes and expiry (and so its idempotency "
                    + "answers and its place in the stock ledger); the old secret keeps working for the overlap "
                    + "(default PT0S: it stops at once, the safe choice after a leak). The answer is the only place "
                    + "the new secret is shown.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @RequestBody(required = false, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = KeyRotation.class)))
    @ApiResponse(responseCode = "200", description = "The key, with its new secret",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = RotatedKeyResponse.class)))
    @ApiResponse(responseCode = "400", description = "The body is not valid (an unknown member, an overlap that is "
            + "not a duration from PT0S to P7D), or the key is revoked",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "403", description = "INSUFFICIENT_SCOPE: the calling key does not hold keys:admin, "
            + "or not every scope of the key", content = @Content(
                    schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = NOT_FOUND,
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfJsonBody
    RotatedKeyResponse rotateApiKey(@Parameter(description = ID, required = true) @PathVariable("id") String id,
                                    @Parameter(hidden = true) @Nullable @Body KeyRotation body,
                                    @Parameter(hidden = true) Authentication authentication) {
        KeyRotation rotation = body == null ? KeyRotation.AT_ONCE : body;
        return RotatedKeyResponse.of(keys.rotate(id, rotation.keyOverlap(), ActingKey.of(authentication).caller()),
                limits);
    }
}
