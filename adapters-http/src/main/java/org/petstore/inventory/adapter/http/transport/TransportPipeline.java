package org.petstore.inventory.adapter.http.transport;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.HttpServerConfiguration;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import jakarta.inject.Singleton;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.adapter.http.error.FailureAnswers;

/**
 * Installs the service's guards in the Netty pipeline of every HTTP/1.1 connection. On the connection: the
 * {@link ConnectionLimit} first, and the {@link RequestHeadDeadline} around Netty's HTTP codec. Between the codec and
 * Micronaut, in this order: the {@link ResponseHeaders} every response carries, the {@link RequestFraming} checks, the
 * {@link ContentDecoding} of request bodies and the {@link MalformedUriGuard}. None of them answers a well-formed
 * request: every request that passes them is answered by Micronaut's router, filters and controllers.
 */
@Singleton
final class TransportPipeline implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    private final HttpServerConfiguration server;
    private final ServerLimits limits;
    private final ConnectionLimit connectionLimit;
    private final RawErrorResponse requestTimeout;

    TransportPipeline(HttpServerConfiguration server, ServerLimits limits, FailureAnswers failures) {
        this.server = server;
        this.limits = limits;
        this.connectionLimit = new ConnectionLimit(limits.maxConnections(), new RawErrorResponse(failures,
                ErrorCode.SERVICE_UNAVAILABLE, "The server has too many open connections; try again shortly"));
        this.requestTimeout = new RawErrorResponse(failures, ErrorCode.REQUEST_TIMEOUT,
                ErrorCode.REQUEST_TIMEOUT.defaultMessage().orElseThrow());
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new Customizer(null));
        return event.getBean();
    }

    private void installOnConnection(ChannelPipeline pipeline) {
        pipeline.addFirst(ConnectionLimit.HANDLER_NAME, connectionLimit);
        RequestHeadDeadline deadline = new RequestHeadDeadline(limits.requestHeadTimeout(), requestTimeout);
        pipeline.addBefore(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, RequestHeadDeadline.BYTES_HANDLER_NAME,
                deadline.bytes());
        pipeline.addAfter(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, RequestHeadDeadline.HANDLER_NAME,
                deadline);
    }

    private void install(ChannelPipeline pipeline) {
        String micronaut = ChannelPipelineCustomizer.HANDLER_MICRONAUT_INBOUND;
        pipeline.addBefore(micronaut, ResponseHeaders.HANDLER_NAME, ResponseHeaders.INSTANCE);
        pipeline.addBefore(micronaut, RequestFraming.HANDLER_NAME, new RequestFraming());
        pipeline.addBefore(micronaut, ContentDecoding.HANDLER_NAME, new ContentDecoding(server.getMaxRequestSize()));
        pipeline.addBefore(micronaut, MalformedUriGuard.HANDLER_NAME, MalformedUriGuard.Handler.INSTANCE);
    }

    private final class Customizer implements NettyServerCustomizer {

        private final Channel channel;

        Customizer(Channel channel) {
            this.channel = channel;
        }

        @Override
        public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            return new Customizer(channel);
        }

        @Override
        public void onInitialPipelineBuilt() {
            if (channel != null && channel.pipeline().get(ConnectionLimit.HANDLER_NAME) == null
                    && channel.pipeline().get(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC) != null) {
                installOnConnection(channel.pipeline());
            }
        }

        @Override
        public void onStreamPipelineBuilt() {
            if (channel != null && channel.pipeline().get(ResponseHeaders.HANDLER_NAME) == null
                    && channel.pipeline().get(ChannelPipelineCustomizer.HANDLER_MICRONAUT_INBOUND) != null) {
                install(channel.pipeline());
            }
        }
    }
}
