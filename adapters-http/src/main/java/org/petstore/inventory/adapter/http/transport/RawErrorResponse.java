package org.petstore.inventory.adapter.http.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.adapter.http.error.FailureAnswers;

/**
 * An error response written as bytes straight to a connection, for the refusals made before there is a request to
 * answer (too many connections, a request head that never completes): the {@code Error} body, the headers every
 * response carries, and {@code Connection: close}.
 */
final class RawErrorResponse {

    private final byte[] bytes;

    RawErrorResponse(FailureAnswers failures, ErrorCode code, String message) {
        byte[] body = failures.answer(new ApiException(code, message)).json();
        String head = "HTTP/1.1 " + code.status().getCode() + " " + code.status().getReason() + "\r\n"
                + "Content-Type: application/json\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "Cache-Control: no-store\r\n"
                + "X-Content-Type-Options: nosniff\r\n"
                + "Connection: close\r\n\r\n";
        byte[] headBytes = head.getBytes(StandardCharsets.ISO_8859_1);
        this.bytes = new byte[headBytes.length + body.length];
        System.arraycopy(headBytes, 0, bytes, 0, headBytes.length);
        System.arraycopy(body, 0, bytes, headBytes.length, body.length);
    }

    ByteBuf buffer() {
        return Unpooled.wrappedBuffer(bytes);
    }
}
