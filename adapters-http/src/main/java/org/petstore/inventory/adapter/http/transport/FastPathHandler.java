package org.petstore.inventory.adapter.http.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the {@link FastRoutes} in front of Micronaut on one connection, and keeps the connection's requests in order
 * between the two paths (RFC 9112 §9.3.2: responses go out in the order the requests came):
 * <ul>
 *     <li>a request is offered to the routes only when Micronaut owes no response on the connection; otherwise it
 *     goes to Micronaut, which queues it behind the earlier ones;</li>
 *     <li>while the routes answer a request, what arrives after it waits here, and the next read from the socket is
 *     held back until the answer is written, so a pipelining client cannot make the server buffer without end;</li>
 *     <li>a request the routes hand back is passed on exactly as it came: its head, then its body;</li>
 *     <li>an answer to a request that asks to close the connection ({@code Connection: close}) says so in its own
 *     {@code Connection} header, and the connection is closed once it is written: what was sent after that request
 *     is never answered (RFC 9112 §9.6).</li>
 * </ul>
 * One instance per connection; every method runs on the connection's event loop.
 */
final class FastPathHandler extends ChannelDuplexHandler {

    static final String HANDLER_NAME = "petstore-fast-path";
    private static final Logger LOG = LoggerFactory.getLogger(FastPathHandler.class);

    private final FastRoutes routes;
    private final ResponseDate date;
    /** What arrived while the routes were answering, in order. */
    private final ArrayDeque<Object> waiting = new ArrayDeque<>();
    /** Requests passed to Micronaut whose final response is not completely written yet. */
    private int micronautOwes;
    /** The body of a request passed to Micronaut is still arriving: it follows its head there. */
    private boolean passingBody;
    /** A response of Micronaut's is being written, and it is informational (100 Continue): the final one follows. */
    private boolean informational;
    /** The request taken by the routes whose body is still arriving. */
    private Taken collecting;
    /** The routes are answering a request. */
    private boolean answering;
    /** A read from the socket was asked for while answering: it is made once the answer is written. */
    private boolean readHeld;
    private boolean closed;
    /** The body being sent in chunks, if one is. */
    private Streaming streaming;
    /** A message is being read from the socket now (not taken from {@link #waiting}). */
    private boolean inRead;
    /** A message went to Micronaut outside a read from the socket, so no end of a read cycle follows it by itself. */
    private boolean firedOutsideRead;
    /** The answer being sent is the connection's last: it asked to close the connection. */
    private boolean closeAfterAnswer;

    FastPathHandler(FastRoutes routes, ResponseDate date) {
        this.routes = routes;
        this.date = date;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (closed) {
            ReferenceCountUtil.release(msg); // sent after the connection's last request
        } else if (answering || !waiting.isEmpty()) {
            waiting.add(msg);
        } else {
            inRead = true;
            try {
                dispatch(ctx, msg);
            } finally {
                inRead = false;
            }
        }
    }

    private void dispatch(ChannelHandlerContext ctx, Object msg) {
        if (passingBody) {
            passingBody = !(msg instanceof LastHttpContent);
            fire(ctx, msg);
        } else if (collecting != null) {
            collecting.add(msg);
            if (msg instanceof LastHttpContent) {
                answer(ctx);
            }
        } else if (msg instanceof HttpRequest request) {
            if (micronautOwes == 0 && routes.takes(request)) {
                collecting = new Taken(request);
                if (msg instanceof LastHttpContent) {
                    answer(ctx);
                }
            } else {
                micronautOwes++;
                passingBody = !(request instanceof LastHttpContent);
                fire(ctx, request);
            }
        } else {
            fire(ctx, msg);
        }
    }

    private void fire(ChannelHandlerContext ctx, Object msg) {
        firedOutsideRead |= !inRead;
        ctx.fireChannelRead(msg);
    }

    private void answer(ChannelHandlerContext ctx) {
        Taken taken = collecting;
        collecting = null;
        answering = true;
        CompletionStage<FastAnswer> answer;
        try {
            answer = routes.answer(taken.head, taken.body());
        } catch (RuntimeException | Error e) {
            answer = CompletableFuture.failedFuture(e);
        }
        answer.whenComplete((result, failure) -> ctx.executor().execute(() -> answered(ctx, taken, result,
                failure)));
    }

    private void answered(ChannelHandlerContext ctx, Taken taken, FastAnswer answer, Throwable failure) {
        if (failure != null || answer == null) {
            LOG.error("The fast routes failed to answer {} {}", taken.head.method(), taken.head.uri(), failure);
            taken.release();
            ctx.close();
            return;
        }
        if (closed) {
            taken.release();
            discard(answer);
            return;
        }
        switch (answer) {
            case FastAnswer.HandBack _ -> {
                handBack(ctx, taken);
                next(ctx);
            }
            case FastAnswer.Whole whole -> {
                closeAfterAnswer = !HttpUtil.isKeepAlive(taken.head);
                taken.release();
                FullHttpResponse response = whole.response();
                date.addTo(response.headers());
                if (canHaveBody(response.status())) {
                    response.headers().set(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
                }
                if (closeAfterAnswer) {
                    lastAnswer(ctx, response);
                    return;
                }
                ctx.writeAndFlush(response, ctx.voidPromise());
                next(ctx);
            }
            case FastAnswer.Streamed streamed -> {
                closeAfterAnswer = !HttpUtil.isKeepAlive(taken.head);
                taken.release();
                date.addTo(streamed.head().headers());
                if (closeAfterAnswer) {
                    streamed.head().headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                }
                HttpUtil.setTransferEncodingChunked(streamed.head(), true);
                streaming = new Streaming(ctx, streamed);
                ctx.write(streamed.head(), ctx.voidPromise());
                streaming.write(streamed.firstChunk(), streamed.rest().ended());
            }
        }
    }

    /**
     * The connection's last answer: written with {@code Connection: close}, then the connection is closed; nothing
     * that came after its request is answered.
     */
    private void lastAnswer(ChannelHandlerContext ctx, Object lastMessage) {
        if (lastMessage instanceof HttpResponse response) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        answering = false;
        discard();
        ctx.writeAndFlush(lastMessage).addListener(ChannelFutureListener.CLOSE);
    }

    /** The answer is written: on to what waited behind it. */
    private void next(ChannelHandlerContext ctx) {
        answering = false;
        while (!answering && !closed && !waiting.isEmpty()) {
            dispatch(ctx, waiting.poll());
        }
        if (firedOutsideRead) {
            // Micronaut flushes what it wrote for a request at the end of the read cycle that brought it: end one
            firedOutsideRead = false;
            ctx.fireChannelReadComplete();
        }
        if (!answering && readHeld) {
            readHeld = false;
            ctx.read();
        }
    }

    private static void discard(FastAnswer answer) {
        switch (answer) {
            case FastAnswer.Whole whole -> ReferenceCountUtil.release(whole.response());
            case FastAnswer.Streamed streamed -> {
                ReferenceCountUtil.release(streamed.firstChunk());
                streamed.rest().close();
            }
            case FastAnswer.HandBack _ -> {
            }
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (streaming != null && ctx.channel().isWritable()) {
            streaming.readNext();
        }
        ctx.fireChannelWritabilityChanged();
    }

    /**
     * A body sent in chunks: the next chunk is read (on the answer's reader) once the previous one is written and the
     * connection is writable, so at most one chunk is in memory besides what the socket holds.
     */
    private final class Streaming {

        private final ChannelHandlerContext ctx;
        private final FastAnswer.Streamed answer;
        private boolean reading;
        private boolean written;

        Streaming(ChannelHandlerContext ctx, FastAnswer.Streamed answer) {
            this.ctx = ctx;
            this.answer = answer;
        }

        void write(ByteBuf chunk, boolean last) {
            if (last) {
                answer.rest().close();
                ctx.write(new DefaultHttpContent(chunk), ctx.voidPromise());
                streaming = null;
                if (closeAfterAnswer) {
                    lastAnswer(ctx, LastHttpContent.EMPTY_LAST_CONTENT);
                    return;
                }
                ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT, ctx.voidPromise());
                next(ctx);
                return;
            }
            written = false;
            ctx.writeAndFlush(new DefaultHttpContent(chunk)).addListener(future -> {
                written = true;
                if (future.isSuccess()) {
                    readNext();
                }
            });
        }

        /** Reads the next chunk when the last one is written and the connection takes more. */
        void readNext() {
            if (reading || !written || streaming != this || closed || !ctx.channel().isWritable()) {
                return;
            }
            reading = true;
            try {
                answer.reader().execute(this::read);
            } catch (RejectedExecutionException e) {
                failed(e);
            }
        }

        /** On the reader. */
        private void read() {
            ByteBuf chunk;
            boolean last;
            try {
                chunk = answer.rest().next();
                last = answer.rest().ended();
            } catch (RuntimeException | Error e) {
                ctx.executor().execute(() -> failed(e));
                return;
            }
            ctx.executor().execute(() -> {
                reading = false;
                if (closed || streaming != this) {
                    chunk.release();
                    return;
                }
                write(chunk, last);
            });
        }

        /** A body cut short can only be told by aborting the connection: never an end that looks complete. */
        private void failed(Throwable failure) {
            reading = false;
            answer.rest().close();
            if (!closed) {
                LOG.error("Sending a response body failed after its first bytes; the connection is aborted", failure);
                ctx.close();
            }
        }

        void abandon() {
            answer.rest().close();
        }
    }

    /** RFC 9110 §6.4.1: 1xx, 204 and 304 have no content, and no {@code Content-Length} is sent for them. */
    private static boolean canHaveBody(HttpResponseStatus status) {
        return status.codeClass() != HttpStatusClass.INFORMATIONAL && !status.equals(HttpResponseStatus.NO_CONTENT)
                && !status.equals(HttpResponseStatus.NOT_MODIFIED);
    }

    /** The request goes to Micronaut as it came: its head, then what it had of a body. */
    private void handBack(ChannelHandlerContext ctx, Taken taken) {
        micronautOwes++;
        fire(ctx, taken.head);
        for (Object content : taken.contents) {
            fire(ctx, content);
        }
        taken.contents.clear();
        taken.releaseBody();
    }

    @Override
    public void read(ChannelHandlerContext ctx) {
        if (answering) {
            readHeld = true;
        } else {
            ctx.read();
        }
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        // only Micronaut's responses pass here: the routes' are written from this handler's place, below it
        if (msg instanceof HttpResponse response) {
            informational = response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
        }
        if (msg instanceof LastHttpContent && !informational && micronautOwes > 0) {
            micronautOwes--;
        }
        ctx.write(msg, promise);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        discard();
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        discard();
    }

    private void discard() {
        closed = true;
        if (streaming != null) {
            streaming.abandon();
            streaming = null;
        }
        if (collecting != null) {
            collecting.release();
            collecting = null;
        }
        Object msg;
        while ((msg = waiting.poll()) != null) {
            ReferenceCountUtil.release(msg);
        }
    }

    /** A request the routes took: its head, and its body as it arrives. */
    private static final class Taken {

        final HttpRequest head;
        final List<Object> contents = new ArrayList<>(2);
        private CompositeByteBuf body;

        Taken(HttpRequest head) {
            this.head = head;
            if (head instanceof HttpContent content) {
                retain(content.content()); // a full request: the head carries its body
            }
        }

        void add(Object msg) {
            contents.add(msg);
            if (msg instanceof HttpContent content) {
                retain(content.content());
            }
        }

        private void retain(ByteBuf bytes) {
            if (!bytes.isReadable()) {
                return;
            }
            if (body == null) {
                body = bytes.alloc().compositeBuffer();
            }
            body.addComponent(true, bytes.retainedDuplicate());
        }

        ByteBuf body() {
            return body == null ? io.netty.buffer.Unpooled.EMPTY_BUFFER : body.duplicate();
        }

        void releaseBody() {
            if (body != null) {
                body.release();
                body = null;
            }
        }

        void release() {
            releaseBody();
            ReferenceCountUtil.release(head);
            for (Object content : contents) {
                ReferenceCountUtil.release(content);
            }
            contents.clear();
        }
    }
}
