package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.security.annotation.Secured;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.List;
import org.petstore.inventory.adapter.http.InventoryRoutes;
import org.petstore.inventory.adapter.http.PathParameters;
import org.petstore.inventory.adapter.http.body.BodyRefusals;
import org.petstore.inventory.adapter.http.error.ErrorBody;
import org.petstore.inventory.adapter.http.limit.RateLimits;
import org.petstore.inventory.adapter.http.openapi.ErrorResponses;
import org.petstore.inventory.application.port.inbound.ChangeStockCommand;
import org.petstore.inventory.application.port.inbound.ChangeStockUseCase;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.PetId;

/**
 * The stock movements (experimental): {@code POST /v1/inventory/{petId}/adjustments} moves one pet's count by a
 * delta ({@code adjustInventory}); {@code POST /v1/inventory/changes} applies a batch of deltas and counts all or
 * nothing ({@code applyInventoryChanges}; the stock ledger's collection, whose feed is
 * {@code GET /v1/inventory/changes}). Each request is one {@link ChangeStockCommand}, under the
 * {@code Idempotency-Key} it was sent with ({@link IdempotencyKeys}); the order of the checks is the README's
 * ("The write path").
 */
@Controller("/v1/inventory")
@InventoryRoutes
final class StockMovementsController {

    private final ChangeStockUseCase changeStock;
    private final RateLimits limits;

    StockMovementsController(ChangeStockUseCase changeStock, RateLimits limits) {
        this.changeStock = changeStock;
        this.limits = limits;
    }

    @Post("/{petId}/adjustments")
    @Secured("inventory:write")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "adjustInventory",
            summary = "Moves the stock count of one pet by a delta, to record a sale, a loss, an arrival or a return.",
            description = "Experimental: the count changes by delta in one atomic step, whatever else changes it at "
                    + "the same time, and stays from 0 to 2147483647: a delta that would take it out is 409 and "
                    + "changes nothing. If-Match and PETSTORE_REQUIRE_IF_MATCH apply as to updateInventory. With an "
                    + "Idempotency-Key, a retry of the same request gets the first answer again (status, body and "
                    + "ETag) and changes nothing.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = InventoryAdjustment.class)))
    @ApiResponse(responseCode = "200", description = "The adjusted entry", headers = @io.swagger.v3.oas.annotations
            .headers.Header(name = HttpHeaders.ETAG, description = InventoryTags.ENTRY_TAG,
                    schema = @Schema(type = "string")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = InventoryItemResponse.class)))
    @ApiResponse(responseCode = "400", description = "petId, the body, If-Match or Idempotency-Key is not valid; "
            + "nothing was changed", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = "No inventory entry tracks the pet; nothing was created",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfConditionalChange
    @ErrorResponses.OfJsonBody
    @ErrorResponses.OfStockMovement
    HttpResponse<InventoryItemResponse> adjustInventory(
            @Parameter(description = "ID of the pet whose stock moves", required = true,
                    schema = @Schema(type = "integer", format = "int64", minimum = "1"))
            @PathVariable("petId") String petId,
            @Parameter(hidden = true) @Nullable @Body InventoryAdjustment body,
            @Parameter(description = InventoryTags.IF_MATCH, schema = @Schema(implementation = String.class))
            @Nullable @Header(HttpHeaders.IF_MATCH) List<String> ifMatch,
            @Parameter(description = IdempotencyKeys.DESCRIPTION, schema = @Schema(implementation = String.class))
            @Nullable @Header(IdempotencyKeys.HEADER) IdempotencyKey idempotencyKey,
            @Parameter(hidden = true) ChangeOrigin origin,
            HttpRequest<?> request) {
        InventoryAdjustment adjustment = BodyRefusals.sent(body, InventoryBodies.ADJUSTMENT, request);
        PetId id = PathParameters.petId(petId);
        EntryChange change = new EntryChange(id, adjustment.movement(), InventoryTags.expectedBy(ifMatch, id),
                origin.withReason(adjustment.reason()));
        return InventoryTags.answer(changeStock.changeStock(ChangeStockCommand.one(change, idempotencyKey))
                .getFirst());
    }

    @Post("/changes")
    @Secured("inventory:write")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "applyInventoryChanges",
            summary = "Applies 1 to 100 changes of stock, deltas or new counts, all or nothing.",
            description = "Experimental: every change is made, in one atomic step, or none is. Each change names a "
                    + "pet (at most once in a batch) and either a delta (as adjustInventory) or a new count (as "
                    + "updateInventory), and optionally a reason that overrides the batch's. The answer lists the "
                    + "changed entries in the order of the changes, without an ETag (it holds several entries: "
                    + "getInventoryItem reads one with its tag). A refused change (400, 404, 409) is named in the "
                    + "message as changes[i], counted from 0, and nothing changes. The stock ledger records the "
                    + "changes with consecutive changeIds. With an Idempotency-Key, a retry of the same request gets "
                    + "the first answer again and changes nothing. It costs the API key's quota one unit per change.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = InventoryChanges.class)))
    @ApiResponse(responseCode = "200", description = "The changed entries, in the order of the changes",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    array = @ArraySchema(schema = @Schema(implementation = InventoryItemResponse.class))))
    @ApiResponse(responseCode = "400", description = "The body or Idempotency-Key is not valid: a malformed change "
            + "(named as changes[i]), no change or more than 100, a pet twice; nothing was changed",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = "No inventory entry tracks the pet of a change (named as "
            + "changes[i]); nothing was changed",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "428", description = "The service runs with PETSTORE_REQUIRE_IF_MATCH=true and "
            + "accepts only conditional changes, which a batch cannot carry; nothing was changed",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfJsonBody
    @ErrorResponses.OfStockMovement
    HttpResponse<List<InventoryItemResponse>> applyInventoryChanges(
            @Parameter(hidden = true) @Nullable @Body InventoryChanges body,
            @Parameter(description = IdempotencyKeys.DESCRIPTION, schema = @Schema(implementation = String.class))
            @Nullable @Header(IdempotencyKeys.HEADER) IdempotencyKey idempotencyKey,
            @Parameter(hidden = true) ChangeOrigin origin,
            HttpRequest<?> request) {
        InventoryChanges batch = BodyRefusals.sent(body, InventoryBodies.BATCH, request);
        List<EntryChange> changes = batch.changes().stream()
                .map(change -> change.entryChange(origin, batch.reason())).toList();
        ChangeStockCommand command = ChangeStockCommand.batch(changes, idempotencyKey);
        limits.chargeBatch(request, changes.size());
        return HttpResponse.ok(changeStock.changeStock(command).stream().map(InventoryItemResponse::of).toList());
    }
}
