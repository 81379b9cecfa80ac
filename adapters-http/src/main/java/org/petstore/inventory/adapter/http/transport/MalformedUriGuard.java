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
        if (isPlainAbsolutePath(uri)) {
            return true;
        }
        try {
            URI parsed = new URI(uri);
            return parsed.getPath() != null && (parsed.isAbsolute() || parsed.getPath().startsWith("/"));
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /**
     * The common case, decided without parsing: an absolute path (not {@code //}, which would start an authority),
     * perhaps with a query, made only of characters a URI allows unescaped, and no percent-escape to check.
     */
    private static boolean isPlainAbsolutePath(String uri) {
        int length = uri.length();
        if (length == 0 || uri.charAt(0) != '/' || (length > 1 && uri.charAt(1) == '/')) {
            return false;
        }
        for (int index = 1; index < length; index++) {
            char c = uri.charAt(index);
            boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "-._~!$&'()*+,;=:@/?".indexOf(c) >= 0;
            if (!plain) {
                return false;
            }
        }
        return true;
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
