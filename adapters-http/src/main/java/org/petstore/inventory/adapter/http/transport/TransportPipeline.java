package org.petstore.inventory.adapter.http.transport;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.HttpServerConfiguration;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import jakarta.inject.Singleton;

/**
 * Installs the service's guards in the Netty pipeline of every HTTP/1.1 connection, between Netty's HTTP codec and
 * Micronaut, in this order: the {@link ResponseHeaders} every response carries, the {@link RequestFraming} checks, the
 * {@link ContentDecoding} of request bodies, and the {@link MalformedUriGuard}.
 */
@Singleton
final class TransportPipeline implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    private final HttpServerConfiguration server;

    TransportPipeline(HttpServerConfiguration server) {
        this.server = server;
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new Customizer(null));
        return event.getBean();
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
        public void onStreamPipelineBuilt() {
            if (channel != null && channel.pipeline().get(ResponseHeaders.HANDLER_NAME) == null
                    && channel.pipeline().get(ChannelPipelineCustomizer.HANDLER_MICRONAUT_INBOUND) != null) {
                install(channel.pipeline());
            }
        }
    }
}
