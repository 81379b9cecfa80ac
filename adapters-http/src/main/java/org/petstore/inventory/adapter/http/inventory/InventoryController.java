package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.io.buffer.ByteBuffer;
import io.micronaut.http.HttpMethod;
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
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import jakarta.inject.Named;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.concurrent.Executor;
import java.util.stream.Stream;
import org.petstore.inventory.adapter.http.PathParameters;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorBody;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.adapter.http.openapi.ErrorResponses;
import org.petstore.inventory.application.port.inbound.ListInventoryUseCase;
import org.petstore.inventory.application.port.inbound.UpdateStockCommand;
import org.petstore.inventory.application.port.inbound.UpdateStockUseCase;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * The {@code inventory} operations: {@code listInventory} and the experimental {@code updateInventory}.
 */
@Controller("/v1/inventory")
@Tag(name = "inventory")
@ErrorResponses.OfEveryOperation
@Secured(SecurityRule.IS_AUTHENTICATED)
@Produces(MediaType.APPLICATION_JSON)
@ExecuteOn(TaskExecutors.BLOCKING)
final class InventoryController {

    private final ListInventoryUseCase listInventory;
    private final UpdateStockUseCase updateStock;
    private final Executor blocking;

    InventoryController(ListInventoryUseCase listInventory, UpdateStockUseCase updateStock,
            @Named(TaskExecutors.BLOCKING) Executor blocking) {
        this.listInventory = listInventory;
        this.updateStock = updateStock;
        this.blocking = blocking;
    }

    // The list is read from the use case's stream while it is written. A list that fits in one chunk is answered
    // whole, with Content-Length; a longer one is streamed in chunks (Transfer-Encoding: chunked), each read when the
    // client has taken the previous one. A failure before the first byte is answered as an error like any other.
    @Get
    @Operation(operationId = "listInventory", summary = "Returns current stock levels for all pets in the store.")
    @ApiResponse(responseCode = "200", description = "One entry per pet in the store, in petId order",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    array = @ArraySchema(schema = @Schema(implementation = InventoryItemResponse.class))))
    HttpResponse<ByteBuffer<?>> listInventory(HttpRequest<?> request) {
        Stream<InventoryItem> entries = listInventory.listInventory();
        InventoryChunks chunks = new InventoryChunks(entries);
        if (request.getMethod() == HttpMethod.HEAD) {
            chunks.close();
            return HttpResponse.ok();
        }
        ByteBuf firstChunk;
        try {
            firstChunk = chunks.next(ByteBufAllocator.DEFAULT);
        } catch (RuntimeException | Error e) {
            chunks.close();
            throw e;
        }
        if (chunks.ended()) {
            chunks.close();
            return json(firstChunk);
        }
        Executor eventLoop = request instanceof NettyHttpRequest<?> netty
                ? netty.getChannelHandlerContext().channel().eventLoop()
                : Runnable::run;
        return json(new StreamedInventory(firstChunk, chunks, blocking, eventLoop, ByteBufAllocator.DEFAULT));
    }

    @Patch("/{petId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "updateInventory",
            summary = "Sets the stock quantity for one pet, to record new arrivals, returns or manual adjustments.",
            description = "Experimental: the request shape may change before the endpoint becomes stable.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = InventoryUpdate.class)))
    @ApiResponse(responseCode = "200", description = "The updated entry", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = InventoryItemResponse.class)))
    @ApiResponse(responseCode = "400", description = "Body missing required fields or containing invalid values",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = "The requested resource could not be found",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ErrorResponses.OfJsonBody
    HttpResponse<ByteBuffer<?>> updateInventory(
            @Parameter(description = "ID of the pet to update stock for", required = true,
                    schema = @Schema(type = "integer", format = "int64", minimum = "1"))
            @PathVariable("petId") String petId,
            @Parameter(hidden = true) @Nullable @Header(HttpHeaders.CONTENT_TYPE) String contentType,
            @Parameter(hidden = true) @Nullable @Body String body) {
        if (contentType == null) {
            // @Consumes lets a request without Content-Type through; the body must still say it is JSON
            throw new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
        }
        PetId id = PathParameters.petId(petId);
        Quantity quantity = InventoryUpdateReader.read(body);
        InventoryItem updated = updateStock.updateStock(new UpdateStockCommand(id, quantity));
        ByteBuf json = ByteBufAllocator.DEFAULT.buffer(InventoryJson.MAX_ITEM_BYTES);
        InventoryJson.writeItem(json, updated, true);
        return json(json);
    }

    /**
     * A 200 whose body is JSON already written: a Netty buffer, sent as it is, or a publisher of buffers sent in
     * chunks. The operations declare a body of bytes ({@link ByteBuffer}) so that Micronaut sends a publisher's
     * buffers one after the other rather than as the elements of a JSON array.
     */
    @SuppressWarnings("unchecked")
    private static HttpResponse<ByteBuffer<?>> json(Object body) {
        return (HttpResponse<ByteBuffer<?>>) (HttpResponse<?>) HttpResponse.ok(body)
                .contentType(MediaType.APPLICATION_JSON_TYPE);
    }
}
