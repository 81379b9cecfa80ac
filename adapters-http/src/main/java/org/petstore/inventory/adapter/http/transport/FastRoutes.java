package org.petstore.inventory.adapter.http.transport;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpRequest;
import java.util.concurrent.CompletionStage;

/**
 * Routes a feature answers straight from Netty, behind every guard of the transport and in front of Micronaut's
 * router: the few requests the service serves most, answered without the router, the filter chain and the reactive
 * machinery around a controller. A request the routes do not take, and one they hand back, goes on to Micronaut
 * exactly as it came, so every other request is answered by the one path that answers everything else; the routes
 * take only requests whose answer they produce exactly as that path would.
 *
 * <p>The transport keeps the connection's order (HTTP/1.1 answers requests in the order they came): a request waits
 * while an earlier one is being answered by either path.
 */
public interface FastRoutes {

    /** The most bytes of body a taken request may announce; the routes take no request with a larger body. */
    int MAX_BODY_BYTES = 1024;

    /**
     * Whether the routes take the request, judged by its head alone. Called on the connection's event loop, so it
     * must not block. A request taken announces its body's length ({@code Content-Length}, at most
     * {@link #MAX_BODY_BYTES}) or has none; its body is collected and handed to {@link #answer}.
     */
    boolean takes(HttpRequest head);

    /**
     * Answers a request taken, with its whole body: completes with the {@link FastAnswer}, which may be
     * {@link FastAnswer#HAND_BACK} to leave the request to Micronaut after all (then nothing may have changed). It
     * never completes exceptionally: a failure is an answer too.
     *
     * @param body the request's body; the routes may read it but do not release it
     */
    CompletionStage<FastAnswer> answer(HttpRequest head, ByteBuf body);
}
