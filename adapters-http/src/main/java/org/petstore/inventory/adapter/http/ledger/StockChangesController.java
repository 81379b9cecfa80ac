package org.petstore.inventory.adapter.http.ledger;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.http.sse.Event;
import io.micronaut.security.annotation.Secured;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.extensions.Extension;
import io.swagger.v3.oas.annotations.extensions.ExtensionProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.List;
import java.util.regex.Pattern;
import org.petstore.inventory.adapter.http.InventoryRoutes;
import org.petstore.inventory.adapter.http.PathParameters;
import org.petstore.inventory.adapter.http.RequestConnection;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.adapter.http.error.ErrorBody;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.adapter.http.limit.RateLimits;
import org.petstore.inventory.application.port.inbound.ReadStockChangesUseCase;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockChange;
import org.reactivestreams.Publisher;

/**
 * The stock ledger (experimental): {@code GET /v1/inventory/{petId}/changes}, an entry's history newest first, and
 * {@code GET /v1/inventory/changes}, every change oldest first from a cursor, the feed a mirror of the stock follows.
 * Both page by change id: the {@code Link} header's {@code rel="next"} is the address of the next page (the history's
 * when the page is full; the feed's always, with the cursor after the last change returned, to be asked again later
 * when it brought nothing new). The feed is also a live stream of Server-Sent Events for a client that accepts
 * {@code text/event-stream}.
 */
@Controller("/v1/inventory")
@InventoryRoutes
final class StockChangesController {

    static final int DEFAULT_LIMIT = 50;
    private static final Pattern ASCII_INTEGER = Pattern.compile("[0-9]{1,19}");
    private static final String LIMIT = "How many changes at most, from 1 to " + ReadStockChangesUseCase.MAX_LIMIT
            + " (default " + DEFAULT_LIMIT + ")";

    private final ReadStockChangesUseCase changes;
    private final StockChangeFollowers followers;
    private final RateLimits limits;

    StockChangesController(ReadStockChangesUseCase changes, StockChangeFollowers followers, RateLimits limits) {
        this.changes = changes;
        this.followers = followers;
        this.limits = limits;
    }

    @Get("/{petId}/changes")
    @Secured("inventory:read")
    @Operation(operationId = "listInventoryItemChanges",
            summary = "Returns the recorded changes of one pet's stock count, newest first.",
            description = "Experimental: the stock ledger records every change of an entry's quantity (a PATCH, an "
                    + "import) with what it changed, when, through what and why. Page with before: the Link header's "
                    + "rel=\"next\" names the next page while there may be one.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "200", description = "The changes, newest first",
            headers = @io.swagger.v3.oas.annotations.headers.Header(name = HttpHeaders.LINK,
                    description = "<...?before=<changeId>&limit=<n>>; rel=\"next\": the next, older page, when this "
                            + "one is full", schema = @Schema(type = "string")),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    array = @ArraySchema(schema = @Schema(implementation = StockChangeResponse.class))))
    @ApiResponse(responseCode = "400", description = "petId, before or limit is not valid",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = "No inventory entry tracks the pet",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    HttpResponse<List<StockChangeResponse>> changesOf(
            @Parameter(description = "ID of the pet whose changes to read", required = true,
                    schema = @Schema(type = "integer", format = "int64", minimum = "1"))
            @PathVariable("petId") String petId,
            @Parameter(description = "Only changes with a smaller changeId (the last changeId of the page before)",
                    schema = @Schema(type = "integer", format = "int64", minimum = "1"))
            @Nullable @QueryValue("before") String before,
            @Parameter(description = LIMIT, schema = @Schema(type = "integer", minimum = "1", maximum = "500"))
            @Nullable @QueryValue("limit") String limit) {
        PetId pet = PathParameters.petId(petId);
        long cursor = before == null ? Long.MAX_VALUE : cursor("before", before, 1);
        int size = limit(limit);
        List<StockChange> page = changes.changesOf(pet, cursor, size);
        MutableHttpResponse<List<StockChangeResponse>> response = HttpResponse.ok(wire(page));
        if (page.size() == size) {
            response.header(HttpHeaders.LINK,
                    next("/v1/inventory/" + pet + "/changes?before=" + page.getLast().changeId(), size));
        }
        return response;
    }

    @Get("/changes")
    @Secured("inventory:read")
    @Operation(operationId = "listInventoryChanges",
            summary = "Returns every recorded change of the stock after a cursor, oldest first.",
            description = "Experimental: the feed a mirror of the stock follows. Start with after=0 (or the newest "
                    + "changeId seen), then follow the Link header's rel=\"next\", now or later: it holds the cursor "
                    + "after the last change returned. Change ids increase in the order the changes were made, so "
                    + "a client that follows them misses none.",
            extensions = @Extension(properties = @ExtensionProperty(name = "x-stability", value = "experimental")))
    @ApiResponse(responseCode = "200", description = "The changes after the cursor, oldest first",
            headers = @io.swagger.v3.oas.annotations.headers.Header(name = HttpHeaders.LINK,
                    description = "<...?after=<changeId>&limit=<n>>; rel=\"next\": where to read on",
                    schema = @Schema(type = "string")),
            content = {@Content(mediaType = MediaType.APPLICATION_JSON,
                    array = @ArraySchema(schema = @Schema(implementation = StockChangeResponse.class))),
                    @Content(mediaType = MediaType.TEXT_EVENT_STREAM, schema = @Schema(type = "string",
                            description = "With Accept: text/event-stream: the same changes and every later one as "
                                    + "they are made, as Server-Sent Events (id: the changeId, data: the change as "
                                    + "JSON; a comment line at least every 15 s), resumed after Last-Event-ID"))})
    @ApiResponse(responseCode = "400", description = "after, limit or Last-Event-ID is not valid",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "410", description = "CURSOR_EXPIRED: changes after the cursor are no longer kept "
            + "(PETSTORE_LEDGER_RETENTION); read the list again, then follow the changes after the changeId the "
            + "message names", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_EVENT_STREAM})
    HttpResponse<?> changesAfter(
            @Parameter(description = "Only changes with a larger changeId (default 0: from the first)",
                    schema = @Schema(type = "integer", format = "int64", minimum = "0"))
            @Nullable @QueryValue("after") String after,
            @Parameter(description = LIMIT, schema = @Schema(type = "integer", minimum = "1", maximum = "500"))
            @Nullable @QueryValue("limit") String limit,
            @Parameter(description = "With Accept: text/event-stream, resume the stream after this changeId "
                    + "(instead of after)", schema = @Schema(type = "integer", format = "int64", minimum = "0"))
            @Nullable @Header("Last-Event-ID") String lastEventId,
            HttpRequest<?> request) {
        if (acceptsEventStream(request)) {
            return follow(after, lastEventId, request);
        }
        long cursor = after == null ? 0 : cursor("after", after, 0);
        int size = limit(limit);
        List<StockChange> page = changes.changesAfter(cursor, size);
        long nextCursor = page.isEmpty() ? cursor : page.getLast().changeId();
        return HttpResponse.ok(wire(page)).header(HttpHeaders.LINK,
                next("/v1/inventory/changes?after=" + nextCursor, size));
    }

    /**
     * The feed as a live stream of Server-Sent Events: the changes after the cursor ({@code Last-Event-ID} when the
     * client resumes, else {@code after}, else from the first), then every change as it is made, through any instance
     * on the database ({@link StockChangeFollowers}). A cursor that retention overtook is answered 410 before the
     * stream opens; a managed key holds one of its live-feed places while the stream is open, and is answered 429
     * when it holds them all ({@link RateLimits#liveFeed}).
     */
    private HttpResponse<Publisher<Event<?>>> follow(@Nullable String after, @Nullable String lastEventId,
                                                     HttpRequest<?> request) {
        long cursor = lastEventId != null ? cursor("Last-Event-ID", lastEventId.strip(), 0)
                : after == null ? 0 : cursor("after", after, 0);
        changes.changesAfter(cursor, 1);
        Publisher<Event<?>> stream = limits.liveFeed(request,
                followers.follow(cursor, RequestConnection.eventLoopOf(request)));
        return HttpResponse.ok(RequestConnection.withConsolidatedFlushes(request, stream))
                .contentType(MediaType.TEXT_EVENT_STREAM_TYPE);
    }

    /** Whether the client asks for the live stream: its Accept names text/event-stream. */
    private static boolean acceptsEventStream(HttpRequest<?> request) {
        return request.accept().stream().anyMatch(type -> type.matches(MediaType.TEXT_EVENT_STREAM_TYPE)
                && !type.getType().equals("*"));
    }

    private static List<StockChangeResponse> wire(List<StockChange> page) {
        return page.stream().map(StockChangeResponse::of).toList();
    }

    private static String next(String pathAndCursor, int limit) {
        return "<" + pathAndCursor + "&limit=" + limit + ">; rel=\"next\"";
    }

    /** A change-id cursor: an integer from {@code min} to 9223372036854775807 in ASCII digits, or 400. */
    private static long cursor(String name, String value, long min) {
        if (ASCII_INTEGER.matcher(value).matches()) {
            try {
                long cursor = Long.parseLong(value);
                if (cursor >= min) {
                    return cursor;
                }
            } catch (NumberFormatException e) {
                // out of range: refused below
            }
        }
        throw new ApiException(ErrorCode.VALIDATION_FAILED, name + " must be a changeId, an integer from " + min
                + " to 9223372036854775807, got " + EchoedInput.value(value));
    }

    private static int limit(String value) {
        if (value == null) {
            return DEFAULT_LIMIT;
        }
        if (value.length() <= 3 && ASCII_INTEGER.matcher(value).matches()) {
            int limit = Integer.parseInt(value);
            if (limit >= 1 && limit <= ReadStockChangesUseCase.MAX_LIMIT) {
                return limit;
            }
        }
        throw new ApiException(ErrorCode.VALIDATION_FAILED, "limit must be an integer from 1 to "
                + ReadStockChangesUseCase.MAX_LIMIT + ", got " + EchoedInput.value(value));
    }
}
