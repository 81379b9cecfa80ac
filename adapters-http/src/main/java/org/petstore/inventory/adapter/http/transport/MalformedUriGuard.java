package org.petstore.inventory.adapter.http.transport;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.util.ReferenceCountUtil;
import java.net.URI;
import java.net.URISyntaxException;

/**
 * Marks a request whose URI cannot be parsed (for example a broken percent-escape such as {@code %zz}) as a decoding
 * failure before Micronaut sees it. Micronaut would otherwise answer it as an anonymous request to {@code /}, so a
 * caller with a valid key would get a misleading 401 instead of 400 {@code BAD_REQUEST}; {@link DecoderFailures}
 * answers it. {@link TransportPipeline} installs it.
 */
final class MalformedUriGuard {

    static final String HANDLER_NAME = "petstore-malformed-uri-guard";

    private MalformedUriGuard() {
    }

    /** Whether Micronaut can build its request from this request-target. */
    static boolean isValidRequestTarget(String uri) {
        try {
            URI parsed = new URI(uri);
            return parsed.getPath() != null && (parsed.isAbsolute() || parsed.getPath().startsWith("/"));
        } catch (URISyntaxException e) {
            return false;
        }
    }

    @ChannelHandler.Sharable
    static final class Handler extends ChannelInboundHandlerAdapter {

        static final Handler INSTANCE = new Handler();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest request && request.decoderResult().isSuccess()
                    && !isValidRequestTarget(request.uri())) {
                DefaultHttpRequest rejected = new DefaultHttpRequest(
                        request.protocolVersion(), request.method(), "/bad-request", request.headers());
                rejected.setDecoderResult(DecoderResult.failure(new MalformedRequestUriException()));
                ReferenceCountUtil.release(msg);
                ctx.fireChannelRead(rejected);
                return;
            }
            ctx.fireChannelRead(msg);
        }
    }

    /** The decoding failure of a request whose URI cannot be parsed. */
    static final class MalformedRequestUriException extends IllegalArgumentException {

        MalformedRequestUriException() {
            super("malformed request URI", null);
        }
    }
}
