package org.petstore.inventory.adapter.http.transport;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpResponse;
import java.util.concurrent.Executor;

/** What the {@link FastRoutes} answer a request with. */
public sealed interface FastAnswer {

    /** The request goes to Micronaut as it came; nothing has changed. */
    FastAnswer HAND_BACK = new HandBack();

    /** A whole response: status, the route's headers, body; the transport adds {@code Date} and {@code Content-Length}. */
    record Whole(FullHttpResponse response) implements FastAnswer {
    }

    /**
     * A response whose body is too long for one buffer: its head (status and the route's headers; the transport adds
     * {@code Date} and {@code Transfer-Encoding: chunked}) and first chunk, then the rest, each chunk read on the
     * {@code reader} only when the connection has taken the previous one, so that a slow client never makes the server
     * buffer the body. A failure to read a chunk aborts the connection: the client never takes what it got for a
     * whole body. The chunks are closed at the end, and at once when the client goes away.
     */
    record Streamed(HttpResponse head, ByteBuf firstChunk, Chunks rest, Executor reader) implements FastAnswer {
    }

    /** The rest of a {@link Streamed} body. */
    interface Chunks extends AutoCloseable {

        /** The next chunk, which the caller then owns; called on the reader, one call at a time. */
        ByteBuf next();

        /** Whether the last chunk was returned. */
        boolean ended();

        /** Releases what the chunks hold; idempotent, from any thread, also while {@link #next()} runs. */
        @Override
        void close();
    }

    /** See {@link #HAND_BACK}. */
    record HandBack() implements FastAnswer {
    }
}
