package org.petstore.inventory.adapter.http.transport;

import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;

/**
 * Request bodies with content codings (RFC 9110 §8.4): {@code gzip} and {@code deflate} (also as {@code x-gzip},
 * {@code x-deflate}, and chained) are decoded here, before Micronaut sees the request, with the body size limit
 * applied to the encoded and the decoded bytes: decoding stops as soon as the limit is passed, so a small body that
 * inflates to gigabytes costs no more than the limit. {@code identity} is no coding. Micronaut's own decompression
 * never runs (the request it sees has no {@code Content-Encoding}). One instance per connection. Refused, as decoding
 * failures that {@link DecoderFailures} answers (the connection is then closed): any other coding, 415 with
 * {@code Accept-Encoding: gzip, deflate} ({@link ResponseHeaders}); a body that does not decode, 400; a body over the
 * limit, 413.
 */
final class ContentDecoding extends ChannelInboundHandlerAdapter {

    static final String HANDLER_NAME = "petstore-content-decoding";
    static final String ACCEPTED = "gzip, deflate";
    private static final Set<String> GZIP = Set.of("gzip", "x-gzip");
    private static final Set<String> DEFLATE = Set.of("deflate", "x-deflate");
    private static final String IDENTITY = "identity";

    private final long maxRequestSize;
    /** The request whose body is being collected, held back until the body is decoded. */
    private HttpRequest held;
    private List<String> codings;
    private CompositeByteBuf encoded;
    private boolean tooLarge;

    ContentDecoding(long maxRequestSize) {
        this.maxRequestSize = maxRequestSize;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest request) {
            readHead(ctx, request);
        } else if (held != null && msg instanceof HttpContent content) {
            readBody(ctx, content);
        } else {
            ctx.fireChannelRead(msg);
        }
    }

    private void readHead(ChannelHandlerContext ctx, HttpRequest request) {
        List<String> headerValues = request.headers().getAll(HttpHeaderNames.CONTENT_ENCODING);
        if (headerValues.isEmpty() || request.decoderResult().isFailure()) {
            ctx.fireChannelRead(request);
            return;
        }
        List<String> applied = headerValues.stream().flatMap(value -> Arrays.stream(value.split(",", -1)))
                .map(token -> token.trim().toLowerCase(Locale.ROOT))
                .filter(coding -> !coding.isEmpty() && !coding.equals(IDENTITY))
                .toList();
        request.headers().remove(HttpHeaderNames.CONTENT_ENCODING);
        if (applied.isEmpty()) {
            ctx.fireChannelRead(request);
            return;
        }
        String unsupported = applied.stream().filter(coding -> !GZIP.contains(coding) && !DEFLATE.contains(coding))
                .findFirst().orElse(null);
        if (unsupported != null) {
            request.setDecoderResult(DecoderResult.failure(new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "The content coding '" + printable(unsupported) + "' of the request body is not supported: send "
                            + "the body as it is, or with Content-Encoding gzip or deflate")));
            ctx.fireChannelRead(request);
            return;
        }
        if (HttpUtil.is100ContinueExpected(request)) {
            // the body is read here, before Micronaut sees the request, so the interim answer is sent here too
            HttpUtil.set100ContinueExpected(request, false);
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        }
        held = request;
        codings = applied;
        encoded = ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
        tooLarge = false;
    }

    private void readBody(ChannelHandlerContext ctx, HttpContent content) {
        try {
            if (!tooLarge) {
                if (encoded.readableBytes() + (long) content.content().readableBytes() > maxRequestSize) {
                    tooLarge = true;
                } else {
                    encoded.addComponent(true, content.content().retain());
                }
            }
        } finally {
            ReferenceCountUtil.release(content);
        }
        if (content instanceof LastHttpContent) {
            release(ctx);
        }
    }

    /** Passes the held request on: with its decoded body, or marked as the failure that it is. */
    private void release(ChannelHandlerContext ctx) {
        HttpRequest request = held;
        held = null;
        try {
            byte[] decoded = tooLarge ? null : decode();
            if (decoded == null) {
                request.setDecoderResult(DecoderResult.failure(new ApiException(ErrorCode.PAYLOAD_TOO_LARGE,
                        "The request body is larger than the limit of " + maxRequestSize + " bytes, decoded")));
                ctx.fireChannelRead(request);
                ctx.fireChannelRead(LastHttpContent.EMPTY_LAST_CONTENT);
                return;
            }
            request.headers().remove(HttpHeaderNames.TRANSFER_ENCODING);
            request.headers().set(HttpHeaderNames.CONTENT_LENGTH, decoded.length);
            ctx.fireChannelRead(request);
            ctx.fireChannelRead(new DefaultLastHttpContent(Unpooled.wrappedBuffer(decoded)));
        } catch (IOException | RuntimeException e) {
            request.setDecoderResult(DecoderResult.failure(new ApiException(ErrorCode.BAD_REQUEST,
                    "The request body is not valid " + String.join(", ", codings) + " data: send it encoded as its "
                            + "Content-Encoding says")));
            ctx.fireChannelRead(request);
            ctx.fireChannelRead(LastHttpContent.EMPTY_LAST_CONTENT);
        } finally {
            encoded.release();
            encoded = null;
        }
    }

    /** The decoded body, or {@code null} when it is larger than the limit (decoding stops there). */
    private byte[] decode() throws IOException {
        if (encoded.readableBytes() == 0) {
            return new byte[0];
        }
        InputStream in = new ByteBufInputStream(encoded.duplicate());
        for (int i = codings.size() - 1; i >= 0; i--) {
            in = GZIP.contains(codings.get(i)) ? new GZIPInputStream(in) : inflating(in);
        }
        try (InputStream decoding = in) {
            ByteArrayOutputStream decoded = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            for (int read = decoding.read(buffer); read != -1; read = decoding.read(buffer)) {
                decoded.write(buffer, 0, read);
                if (decoded.size() > maxRequestSize) {
                    return null;
                }
            }
            return decoded.toByteArray();
        }
    }

    /** {@code deflate} is the zlib format (RFC 1950); some clients send raw deflate data, which is read too. */
    private static InputStream inflating(InputStream in) throws IOException {
        PushbackInputStream peek = new PushbackInputStream(in, 2);
        byte[] head = peek.readNBytes(2);
        peek.unread(head);
        boolean zlib = head.length == 2 && (head[0] & 0x0f) == 8
                && (((head[0] & 0xff) << 8) | (head[1] & 0xff)) % 31 == 0;
        return new EndingInflaterInputStream(peek, new Inflater(!zlib));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (held != null && cause instanceof MalformedChunkedBody malformed) {
            HttpRequest request = held;
            held = null;
            encoded.release();
            encoded = null;
            request.setDecoderResult(DecoderResult.failure(malformed.refusal()));
            ctx.fireChannelRead(request);
            return;
        }
        ctx.fireExceptionCaught(cause);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (encoded != null) {
            encoded.release();
            encoded = null;
        }
    }

    private static String printable(String coding) {
        String shown = coding.length() > 32 ? coding.substring(0, 32) + "..." : coding;
        return shown.replaceAll("[^\\x20-\\x7e]", "?").replace("'", "?");
    }

    /** Frees its inflater when closed. Data that ends before the deflate stream does fails to read. */
    private static final class EndingInflaterInputStream extends InflaterInputStream {

        EndingInflaterInputStream(InputStream in, Inflater inflater) {
            super(in, inflater);
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } finally {
                inf.end();
            }
        }
    }
}
