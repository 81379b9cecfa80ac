package org.petstore.inventory.adapter.http.inventory;

import static org.petstore.inventory.adapter.http.inventory.InventoryTags.withTag;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.io.buffer.ByteBuffer;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.security.annotation.Secured;
import jakarta.inject.Named;
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
import java.util.concurrent.Executor;
import org.petstore.inventory.adapter.http.InventoryRoutes;
import org.petstore.inventory.adapter.http.PathParameters;
import org.petstore.inventory.adapter.http.RequestConnection;
import org.petstore.inventory.adapter.http.body.BodyRefusals;
import org.petstore.inventory.adapter.http.error.ErrorBody;
import org.petstore.inventory.adapter.http.openapi.ErrorResponses;
import org.petstore.inventory.application.port.inbound.ChangeStockCommand;
import org.petstore.inventory.application.port.inbound.ChangeStockUseCase;
import org.petstore.inventory.application.port.inbound.FindInventoryEntryUseCase;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The {@code inventory} operations: {@code listInventory}, and the experimental {@code getInventoryItem} and
 * {@code updateInventory}, with conditional requests (RFC 9110 §13) on the entity tags of {@link InventoryTags}: a
 * {@code GET} with {@code If-None-Match} naming the current tag is 304 without a body (one that does not follow the
 * grammar is ignored); a {@code PATCH} is one {@link ChangeStockCommand}, with {@code If-Match} an atomic
 * compare-and-set in the store (strong comparison), else 412. The order of the checks is the README's.
 */
@Controller("/v1/inventory")
@InventoryRoutes
final class InventoryController {

    private static final String ENTRY_TAG = InventoryTags.ENTRY_TAG;
    private static final String LIST_TAG = "The list's weak entity tag, W/\"<entries>.<sum of their versions>."
            + "<entries removed>\"; it changes with every change, addition or removal of an entry";
    private static final String IF_NONE_MATCH = "Entity tags the client holds (or *): 304 without a body when one "
            + "is the current tag (weak comparison)";

    private final InventoryListing listing;
    private final FindInventoryEntryUseCase findInventoryEntry;
    private final ChangeStockUseCase changeStock;
    /** Where the chunks of a streamed list are read: Micronaut's blocking executor. */
    private final Scheduler blocking;

    InventoryController(InventoryListing listing, FindInventoryEntryUseCase findInventoryEntry,
            ChangeStockUseCase changeStock, @Named(TaskExecutors.BLOCKING) Executor blocking) {
        this.listing = listing;
        this.findInventoryEntry = findInventoryEntry;
        this.changeStock = changeStock;
        this.blocking = Schedulers.fromExecutor(blocking);
    }

    // InventoryListing decides the answer: a list that fits in one chunk whole, with Content-Length (perhaps the body
    // kept from an earlier list of the same version), a longer one in chunks read as the client takes them
    // (StreamedInventory). The version comes with the snapshot, before the first row, so the ETag describes exactly
    // the entries that follow, whole or chunked; a failure before the first byte is answered as any error.
    @Get
    @Secured("inventory:read")
    @Operation(operationId = "listInventory", summary = "Returns current stock levels for all pets in the store.")
    @ApiResponse(responseCode = "200", description = "One entry per pet in the store, in petId order",
            headers = @io.swagger.v3.oas.annotations.headers.Header(name = HttpHeaders.ETAG, description = LIST_TAG,
                    schema = @Schema(type = "string")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    array = @ArraySchema(schema = @Schema(implementation = InventoryItemResponse.class))))
    @ApiResponse(responseCode = "304", description = "Not modified: If-None-Match names the list's current tag",
            headers = @io.swagger.v3.oas.annotations.headers.Header(name = HttpHeaders.ETAG, description = LIST_TAG,
                    schema = @Schema(type = "string")))
    HttpResponse<ByteBuffer<?>> listInventory(
            @Parameter(description = IF_NONE_MATCH, schema = @Schema(implementation = String.class))
            @Nullable @Header(HttpHeaders.IF_NONE_MATCH) List<String> ifNoneMatch,
            HttpRequest<?> request) {
        InventoryListing.Answer answer = listing.list(EntityTag.parseCondition(ifNoneMatch));
        // a HEAD request arrives as GET (RequestFraming); Netty's encoder drops the body
        return switch (answer) {
            case InventoryListing.NotModified notModified -> notModified(notModified.tag());
            case InventoryListing.Whole whole -> json(whole.json(), whole.tag());
            case InventoryListing.Streamed streamed -> json(StreamedInventory.of(streamed.firstChunk(),
                    streamed.rest(), blocking, RequestConnection.eventLoopOf(request)), streamed.tag());
        };
    }

    @Get("/{petId}")
    @Secured("inventory:read")
    @Operation(operationId = "getInventoryItem", summary = "Returns the stock level of one pet, with its entity tag.",
            description = "Experimental: the entry's strong ETag changes with every change of the entry; send it in "
                    + "If-Match to update only the entry you read, or in If-None-Match to be told 304 when it "
                    + "is unchanged.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "200", description = "The entry", headers = @io.swagger.v3.oas.annotations.headers
            .Header(name = HttpHeaders.ETAG, description = ENTRY_TAG, schema = @Schema(type = "string")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = InventoryItemResponse.class)))
    @ApiResponse(responseCode = "304", description = "Not modified: If-None-Match names the entry's current tag",
            headers = @io.swagger.v3.oas.annotations.headers.Header(name = HttpHeaders.ETAG, description = ENTRY_TAG,
                    schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "400", description = "petId is not an integer from 1 to 9223372036854775807",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = "The requested resource could not be found",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    HttpResponse<InventoryItemResponse> getInventoryItem(
            @Parameter(description = "ID of the pet whose stock to read", required = true,
                    schema = @Schema(type = "integer", format = "int64", minimum = "1"))
            @PathVariable("petId") String petId,
            @Parameter(description = IF_NONE_MATCH, schema = @Schema(implementation = String.class))
            @Nullable @Header(HttpHeaders.IF_NONE_MATCH) List<String> ifNoneMatch) {
        InventoryEntry entry = findInventoryEntry.findInventoryEntry(PathParameters.petId(petId));
        EntityTag tag = InventoryTags.of(entry);
        if (EntityTag.parseCondition(ifNoneMatch).filter(condition -> InventoryTags.names(condition, tag)).isPresent()) {
            return withTag(HttpResponse.notModified(), tag);
        }
        return InventoryTags.answer(entry);
    }

    @Patch("/{petId}")
    @Secured("inventory:write")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "updateInventory",
            summary = "Sets the stock quantity for one pet, to record new arrivals, returns or manual adjustments.",
            description = "Experimental: the request shape may change before the endpoint becomes stable.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = InventoryUpdate.class)))
    @ApiResponse(responseCode = "200", description = "The updated entry", headers = @io.swagger.v3.oas.annotations
            .headers.Header(name = HttpHeaders.ETAG, description = ENTRY_TAG, schema = @Schema(type = "string")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = InventoryItemResponse.class)))
    @ApiResponse(responseCode = "400", description = "Body missing required fields or containing invalid values",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = "The requested resource could not be found",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfConditionalChange
    @ErrorResponses.OfJsonBody
    HttpResponse<InventoryItemResponse> updateInventory(
            @Parameter(description = "ID of the pet to update stock for", required = true,
                    schema = @Schema(type = "integer", format = "int64", minimum = "1"))
            @PathVariable("petId") String petId,
            @Parameter(hidden = true) @Nullable @Body InventoryUpdate body,
            @Parameter(description = InventoryTags.IF_MATCH, schema = @Schema(implementation = String.class))
            @Nullable @Header(HttpHeaders.IF_MATCH) List<String> ifMatch,
            @Parameter(hidden = true) ChangeOrigin origin,
            HttpRequest<?> request) {
        InventoryUpdate update = BodyRefusals.sent(body, InventoryBodies.UPDATE, request);
        PetId id = PathParameters.petId(petId);
        EntryChange change = new EntryChange(id, update.movement(), InventoryTags.expectedBy(ifMatch, id),
                origin.withReason(update.reason()));
        return InventoryTags.answer(changeStock.changeStock(ChangeStockCommand.one(change, IdempotencyKey.NONE))
                .getFirst());
    }

    /** 304: no body, the current tag. */
    @SuppressWarnings("unchecked")
    private static HttpResponse<ByteBuffer<?>> notModified(EntityTag tag) {
        return (HttpResponse<ByteBuffer<?>>) (HttpResponse<?>) withTag(HttpResponse.notModified(), tag);
    }

    /**
     * A 200 whose body is JSON already written: a Netty buffer, sent as it is, or a publisher of buffers sent in
     * chunks. The operations declare a body of bytes ({@link ByteBuffer}) so that Micronaut sends a publisher's
     * buffers one after the other rather than as the elements of a JSON array.
     */
    @SuppressWarnings("unchecked")
    private static HttpResponse<ByteBuffer<?>> json(Object body, EntityTag tag) {
        return (HttpResponse<ByteBuffer<?>>) (HttpResponse<?>) withTag(HttpResponse.ok(body), tag)
                .contentType(MediaType.APPLICATION_JSON_TYPE);
    }
}
