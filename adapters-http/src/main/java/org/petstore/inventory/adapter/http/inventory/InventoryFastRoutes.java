package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.scheduling.TaskExecutors;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.petstore.inventory.adapter.http.error.FailureAnswers;
import org.petstore.inventory.adapter.http.observability.FastRouteMetrics;
import org.petstore.inventory.adapter.http.observability.RequestLoggingContext;
import org.petstore.inventory.adapter.http.security.BearerApiKey;
import org.petstore.inventory.adapter.http.transport.FastAnswer;
import org.petstore.inventory.adapter.http.transport.FastRoutes;
import org.petstore.inventory.application.port.inbound.FindInventoryItemUseCase;
import org.petstore.inventory.application.port.inbound.UpdateStockCommand;
import org.petstore.inventory.application.port.inbound.UpdateStockUseCase;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StaleInventoryItemException;

/**
 * The inventory's three busiest operations, {@code GET /v1/inventory}, {@code GET /v1/inventory/{petId}} and
 * {@code PATCH /v1/inventory/{petId}}, answered straight from Netty (see {@link FastRoutes}) with the same use cases,
 * the same JSON and the same headers as {@link InventoryController}, for the requests that need nothing else of the
 * server: HTTP/1.1, an accepted {@code Bearer} key, a valid {@code petId}, a JSON body that reads, and none of the
 * headers that ask for more (content codings, {@code Origin}, {@code Expect}, a {@code Connection} other than
 * {@code keep-alive} or {@code close}, an {@code Accept} other than JSON, an unreadable {@code If-Match}); a
 * {@code Connection: close} request is answered here too, as the connection's last. Every other request, and every refusal a
 * request's own content earns (401, 400, 404 of a route, 405, 406, 415, 428), is left to the controller behind
 * Micronaut's router, which answers it as before; what the store answers (an unknown pet, a changed entry, an
 * unreachable database) is answered here with the same {@code Error} body. A list too long for one buffer is sent
 * in chunks, as the controller sends it.
 *
 * <p>{@code petstore.server.fast-routes: false} switches them off ({@code FastRoutesSwitch}): every request then goes
 * through the router.
 */
@Singleton
final class InventoryFastRoutes implements FastRoutes {

    private static final String LIST_PATH = "/v1/inventory";
    private static final String ENTRY_TEMPLATE = "/v1/inventory/{petId}";
    /** The longest {@code petId} in digits: 9223372036854775807. */
    private static final int MAX_PET_ID_DIGITS = 19;
    private static final String JSON = HttpHeaderValues.APPLICATION_JSON.toString();
    /** Spelled as the controller's responses spell it. */
    private static final String ETAG = io.micronaut.http.HttpHeaders.ETAG;

    private final InventoryListing listing;
    private final FindInventoryItemUseCase findInventoryItem;
    private final UpdateStockUseCase updateStock;
    private final ConditionalUpdatesConfiguration conditionalUpdates;
    private final BearerApiKey apiKey;
    private final FailureAnswers failures;
    private final FastRouteMetrics metrics;
    private final Executor blocking;

    InventoryFastRoutes(InventoryListing listing, FindInventoryItemUseCase findInventoryItem,
            UpdateStockUseCase updateStock, ConditionalUpdatesConfiguration conditionalUpdates, BearerApiKey apiKey,
            FailureAnswers failures, FastRouteMetrics metrics, @Named(TaskExecutors.BLOCKING) Executor blocking) {
        this.listing = listing;
        this.findInventoryItem = findInventoryItem;
        this.updateStock = updateStock;
        this.conditionalUpdates = conditionalUpdates;
        this.apiKey = apiKey;
        this.failures = failures;
        this.metrics = metrics;
        this.blocking = blocking;
    }

    @Override
    public boolean takes(HttpRequest head) {
        if (!HttpVersion.HTTP_1_1.equals(head.protocolVersion()) || !head.decoderResult().isSuccess()) {
            return false;
        }
        HttpMethod method = head.method();
        String uri = head.uri();
        boolean list = uri.equals(LIST_PATH);
        if (!(HttpMethod.GET.equals(method) && (list || petIdOf(uri) != null)
                || HttpMethod.PATCH.equals(method) && petIdOf(uri) != null)) {
            return false;
        }
        HttpHeaders headers = head.headers();
        if (headers.contains(HttpHeaderNames.EXPECT) || headers.contains(HttpHeaderNames.ORIGIN)
                || headers.contains(HttpHeaderNames.ACCEPT_ENCODING) || headers.contains(HttpHeaderNames.CONTENT_ENCODING)
                || headers.contains(HttpHeaderNames.TRANSFER_ENCODING) || headers.contains(HttpHeaderNames.UPGRADE)
                || !(onlyValue(headers, HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE.toString())
                        || onlyValue(headers, HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE.toString()))
                || !acceptsJson(headers)) {
            return false;
        }
        if (HttpMethod.PATCH.equals(method)) {
            if (!exactlyValue(headers, HttpHeaderNames.CONTENT_TYPE, JSON) || !smallBody(headers)) {
                return false;
            }
            List<String> ifMatch = headers.getAll(HttpHeaderNames.IF_MATCH);
            if (ifMatch.isEmpty() ? conditionalUpdates.requireIfMatch()
                    : EntityTag.parseCondition(ifMatch).isEmpty()) {
                return false;
            }
        } else if (headers.contains(HttpHeaderNames.CONTENT_LENGTH) || headers.contains(HttpHeaderNames.CONTENT_TYPE)) {
            return false;
        }
        List<String> authorization = headers.getAll(HttpHeaderNames.AUTHORIZATION);
        return authorization.size() == 1 && apiKey.accepts(authorization.getFirst());
    }

    @Override
    public CompletionStage<FastAnswer> answer(HttpRequest head, ByteBuf body) {
        long start = System.nanoTime();
        String uri = head.uri();
        CompletableFuture<FastAnswer> answer = new CompletableFuture<>();
        Runnable work;
        if (HttpMethod.PATCH.equals(head.method())) {
            PetId petId = PetId.of(petIdOf(uri));
            Quantity quantity;
            ExpectedVersions expected;
            try {
                quantity = InventoryUpdateReader.read(body.toString(StandardCharsets.UTF_8));
                List<String> ifMatch = head.headers().getAll(HttpHeaderNames.IF_MATCH);
                expected = ifMatch.isEmpty() ? ExpectedVersions.any()
                        : InventoryTags.expectedBy(EntityTag.parseCondition(ifMatch).orElseThrow(), petId);
            } catch (RuntimeException refused) {
                return CompletableFuture.completedFuture(FastAnswer.HAND_BACK); // the controller answers the refusal
            }
            work = () -> answer.complete(update(head, new UpdateStockCommand(petId, quantity, expected), start));
        } else if (uri.equals(LIST_PATH)) {
            work = () -> answer.complete(list(head, start));
        } else {
            PetId petId = PetId.of(petIdOf(uri));
            work = () -> answer.complete(entry(head, petId, start));
        }
        try {
            blocking.execute(work);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.completedFuture(FastAnswer.HAND_BACK);
        }
        return answer;
    }

    private FastAnswer list(HttpRequest head, long start) {
        try (RequestLoggingContext ignored = RequestLoggingContext.of(head)) {
            List<String> ifNoneMatch = head.headers().getAll(HttpHeaderNames.IF_NONE_MATCH);
            Optional<EntityTag.Condition> condition = ifNoneMatch.isEmpty() ? Optional.empty()
                    : EntityTag.parseCondition(ifNoneMatch);
            return switch (listing.list(condition)) {
                case InventoryListing.NotModified notModified ->
                        answered(head, LIST_PATH, notModified(notModified.tag()), start);
                case InventoryListing.Whole whole -> answered(head, LIST_PATH, ok(whole.json(), whole.tag()), start);
                case InventoryListing.Streamed streamed -> {
                    // a list longer than one buffer is sent in chunks, each read when the client has taken the one
                    // before
                    HttpResponse streamedHead = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                    streamedHead.headers().set(ETAG, streamed.tag().toString());
                    streamedHead.headers().set(HttpHeaderNames.CONTENT_TYPE, JSON);
                    metrics.answered(head.method(), LIST_PATH, HttpResponseStatus.OK.code(), start);
                    yield new FastAnswer.Streamed(streamedHead, streamed.firstChunk(),
                            new ListChunks(streamed.rest()), blocking);
                }
            };
        } catch (RuntimeException | Error e) {
            return answered(head, LIST_PATH, failure(e), start);
        }
    }

    private FastAnswer entry(HttpRequest head, PetId petId, long start) {
        try (RequestLoggingContext ignored = RequestLoggingContext.of(head)) {
            InventoryItem entry = findInventoryItem.findInventoryItem(petId);
            EntityTag tag = InventoryTags.of(entry);
            List<String> ifNoneMatch = head.headers().getAll(HttpHeaderNames.IF_NONE_MATCH);
            if (!ifNoneMatch.isEmpty() && EntityTag.parseCondition(ifNoneMatch)
                    .filter(condition -> InventoryTags.names(condition, tag)).isPresent()) {
                return answered(head, ENTRY_TEMPLATE, notModified(tag), start);
            }
            return answered(head, ENTRY_TEMPLATE, ok(InventoryController.entryJson(entry), tag), start);
        } catch (RuntimeException | Error e) {
            return answered(head, ENTRY_TEMPLATE, failure(e), start);
        }
    }

    private FastAnswer update(HttpRequest head, UpdateStockCommand command, long start) {
        try (RequestLoggingContext ignored = RequestLoggingContext.of(head)) {
            InventoryItem updated;
            try {
                updated = updateStock.updateStock(command);
            } catch (StaleInventoryItemException stale) {
                throw InventoryController.changedSinceRead(command.petId());
            }
            return answered(head, ENTRY_TEMPLATE, ok(InventoryController.entryJson(updated),
                    InventoryTags.of(updated)), start);
        } catch (RuntimeException | Error e) {
            return answered(head, ENTRY_TEMPLATE, failure(e), start);
        }
    }

    private FastAnswer answered(HttpRequest head, String route, FullHttpResponse response, long start) {
        metrics.answered(head.method(), route, response.status().code(), start);
        return new FastAnswer.Whole(response);
    }

    /** The rest of a list sent in chunks. */
    private record ListChunks(InventoryChunks chunks) implements FastAnswer.Chunks {

        @Override
        public ByteBuf next() {
            return chunks.next(ByteBufAllocator.DEFAULT);
        }

        @Override
        public boolean ended() {
            return chunks.ended();
        }

        @Override
        public void close() {
            chunks.close();
        }
    }

    private static FullHttpResponse ok(ByteBuf json, EntityTag tag) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, json);
        response.headers().set(ETAG, tag.toString());
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, JSON);
        return response;
    }

    private static FullHttpResponse notModified(EntityTag tag) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_MODIFIED,
                Unpooled.EMPTY_BUFFER);
        response.headers().set(ETAG, tag.toString());
        return response;
    }

    private FullHttpResponse failure(Throwable failure) {
        FailureAnswers.Answer answer = failures.answer(failure);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(answer.status()), Unpooled.wrappedBuffer(answer.json()));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, JSON);
        return response;
    }

    /** The petId of {@code /v1/inventory/<digits>}, written the plain way (no sign, no leading zero), or null. */
    private static @Nullable Long petIdOf(String uri) {
        int start = LIST_PATH.length() + 1;
        int digits = uri.length() - start;
        if (digits < 1 || digits > MAX_PET_ID_DIGITS || !uri.startsWith(LIST_PATH) || uri.charAt(start - 1) != '/'
                || uri.charAt(start) == '0') {
            return null;
        }
        long value = 0;
        for (int i = start; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            value = value * 10 + (c - '0');
            if (value < 0) {
                return null; // past Long.MAX_VALUE
            }
        }
        return value;
    }

    /** No such header, or exactly one whose value is {@code value} in any case. */
    private static boolean onlyValue(HttpHeaders headers, CharSequence name, String value) {
        List<String> values = headers.getAll(name);
        return values.isEmpty() || values.size() == 1 && values.getFirst().equalsIgnoreCase(value);
    }

    /** Exactly one such header, whose value is {@code value} in any case. */
    private static boolean exactlyValue(HttpHeaders headers, CharSequence name, String value) {
        List<String> values = headers.getAll(name);
        return values.size() == 1 && values.getFirst().equalsIgnoreCase(value);
    }

    /** No {@code Accept}, or one that takes JSON plainly. */
    private static boolean acceptsJson(HttpHeaders headers) {
        List<String> accept = headers.getAll(HttpHeaderNames.ACCEPT);
        if (accept.isEmpty()) {
            return true;
        }
        if (accept.size() != 1) {
            return false;
        }
        String value = accept.getFirst();
        return value.equals("*/*") || value.equalsIgnoreCase(JSON);
    }

    /** One {@code Content-Length} from 1 to {@link #MAX_BODY_BYTES}. */
    private static boolean smallBody(HttpHeaders headers) {
        List<String> lengths = headers.getAll(HttpHeaderNames.CONTENT_LENGTH);
        if (lengths.size() != 1) {
            return false;
        }
        String length = lengths.getFirst();
        if (length.isEmpty() || length.length() > 4) {
            return false;
        }
        int value = 0;
        for (int i = 0; i < length.length(); i++) {
            char c = length.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
            value = value * 10 + (c - '0');
        }
        return value >= 1 && value <= MAX_BODY_BYTES;
    }
}
