package org.petstore.inventory.adapter.http.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.List;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.adapter.http.observability.ExchangeObserver;

/**
 * The HTTP/1.1 message framing (RFC 9112) Netty's decoder leaves to the server, checked before Micronaut sees a
 * request; one instance per connection. An HTTP/1.1 request needs exactly one {@code Host} header (§3.2). The only
 * transfer coding is {@code chunked} (§6.1): any other is refused, never applied (Micronaut would decompress a body
 * whose {@code Transfer-Encoding} names gzip). A malformed chunked body is 400, and the connection is closed after the
 * answer ({@link ExchangeObserver#closeAfterAnswers}): the decoder cannot find the next request in what follows.
 * {@code HEAD} is answered as {@code GET} would be: Micronaut runs the {@code GET} route, and Netty's encoder, which
 * knows the request was {@code HEAD}, sends the headers and drops the body (RFC 9110 §9.3.2). A request that closes
 * the connection ({@code Connection: close}, or HTTP/1.0 without {@code keep-alive}) is its last (§9.6): what was sent
 * after it is dropped unread, never run. A request refused here is marked as a decoding failure, which
 * {@link DecoderFailures} answers, and Micronaut closes the connection after the answer.
 */
final class RequestFraming extends ChannelInboundHandlerAdapter {

    static final String HANDLER_NAME = "petstore-request-framing";

    /** The connection's last request is being read. */
    private boolean readingLastRequest;
    /** The connection's last request has been read whole: nothing after it is. */
    private boolean lastRequestRead;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (lastRequestRead) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest request) {
            readingLastRequest = !HttpUtil.isKeepAlive(request);
            if (request.decoderResult().isSuccess()) {
                check(request);
            }
            lastRequestRead = readingLastRequest && msg instanceof LastHttpContent;
            ctx.fireChannelRead(msg);
        } else if (msg instanceof HttpContent content && content.decoderResult().isFailure()) {
            ReferenceCountUtil.release(msg);
            malformedBody(ctx);
        } else {
            lastRequestRead = readingLastRequest && msg instanceof LastHttpContent;
            ctx.fireChannelRead(msg);
        }
    }

    private static void check(HttpRequest request) {
        List<String> hosts = request.headers().getAll(HttpHeaderNames.HOST);
        if (request.protocolVersion().equals(HttpVersion.HTTP_1_1) && hosts.size() != 1) {
            refuse(request, "An HTTP/1.1 request needs exactly one Host header; this one has " + hosts.size());
            return;
        }
        List<String> transferCodings = request.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
        if (!transferCodings.isEmpty() && !(transferCodings.size() == 1
                && HttpHeaderValues.CHUNKED.contentEqualsIgnoreCase(transferCodings.getFirst().trim()))) {
            refuse(request, "The only transfer coding this server accepts is chunked: send the body with "
                    + "'Transfer-Encoding: chunked' or a Content-Length");
            return;
        }
        if (request.method().equals(HttpMethod.HEAD)) {
            request.setMethod(HttpMethod.GET);
        }
    }

    private static void refuse(HttpRequest request, String message) {
        request.setDecoderResult(DecoderResult.failure(new ApiException(ErrorCode.BAD_REQUEST, message)));
    }

    /**
     * Fails the body Micronaut is reading, so that the request is answered 400 (if it is not answered already); the
     * connection is closed once it is.
     */
    private static void malformedBody(ChannelHandlerContext ctx) {
        ExchangeObserver.closeAfterAnswers(ctx.pipeline());
        ctx.fireExceptionCaught(new MalformedChunkedBody());
    }
}
