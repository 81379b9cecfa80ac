package org.petstore.inventory.adapter.http.transport;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.adapter.http.error.ErrorExplanation;

/**
 * A request Netty could not decode. Netty answers a request line or header block that is too long with a generic
 * status; the client deserves the precise one (414 or 431), and a malformed request, or one whose URI cannot be
 * parsed ({@link MalformedUriGuard}), a 400.
 */
@Singleton
final class DecoderFailures implements ErrorExplanation {

    @Override
    public Optional<ApiException> explain(HttpRequest<?> request, HttpStatus status) {
        DecoderResult result = request instanceof NettyHttpRequest<?> nettyRequest
                ? nettyRequest.getNativeRequest().decoderResult()
                : DecoderResult.SUCCESS;
        if (!result.isFailure()) {
            return Optional.empty();
        }
        return Optional.of(switch (result.cause()) {
            case ApiException refused -> refused;
            case MalformedUriGuard.MalformedRequestUriException _ -> new ApiException(ErrorCode.BAD_REQUEST,
                    "The request URI is not valid: send an absolute path and percent-encode characters not allowed "
                            + "in a URI");
            case TooLongHttpHeaderException _ -> new ApiException(ErrorCode.REQUEST_HEADER_FIELDS_TOO_LARGE);
            case TooLongHttpLineException _ -> new ApiException(ErrorCode.URI_TOO_LONG);
            case null, default -> new ApiException(ErrorCode.BAD_REQUEST);
        });
    }
}
