package org.petstore.inventory.adapter.http;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Test only: the names of the handlers in a connection's pipeline as they are when its first request arrives, in
 * pipeline order. Present when {@value #ENABLED} is true.
 */
@Singleton
@Requires(property = PipelineRecorder.ENABLED, value = "true")
final class PipelineRecorder implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    static final String ENABLED = "test.pipeline-recorder";

    private final CompletableFuture<List<String>> names = new CompletableFuture<>();

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new Customizer(null));
        return event.getBean();
    }

    CompletableFuture<List<String>> names() {
        return names;
    }

    private final class Customizer implements NettyServerCustomizer {

        private final Channel channel;

        Customizer(Channel channel) {
            this.channel = channel;
        }

        @Override
        public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            return role == ChannelRole.CONNECTION ? new Customizer(channel) : this;
        }

        @Override
        public void onStreamPipelineBuilt() {
            String micronaut = ChannelPipelineCustomizer.HANDLER_MICRONAUT_INBOUND;
            if (channel != null && channel.pipeline().get(micronaut) != null) {
                channel.pipeline().addBefore(micronaut, "test-pipeline-recorder",
                        new ChannelInboundHandlerAdapter() {
                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                names.complete(ctx.pipeline().names());
                                ctx.fireChannelRead(msg);
                            }
                        });
            }
        }
    }
}
