package org.petstore.inventory.adapter.http.drain;

import io.netty.channel.Channel;
import io.netty.channel.ChannelException;
import io.netty.channel.unix.RawUnixChannelOption;
import io.netty.channel.unix.UnixChannel;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops a listening socket without resetting a connection its client already believes open.
 *
 * <p>The kernel completes TCP handshakes on its own and queues the connections until the server accepts them; a
 * client whose handshake is complete sends its request at once. Closing a listening socket resets every connection
 * still in that queue, so such a client has sent a request that is never answered. On Linux (Netty's epoll
 * transport) the listener therefore stops in two steps:
 * <ol>
 *     <li>a socket filter on the listener drops every new connection request (a TCP segment with SYN and without
 *     ACK): a new client gets no connection (it retries the SYN, and is refused once the listener is closed), while
 *     handshakes already under way still complete;</li>
 *     <li>the listener keeps accepting until its accept queue (the kernel's count, read with {@code TCP_INFO}) is
 *     empty and handshakes under way have had {@link #HANDSHAKES_IN_FLIGHT} to complete; then it closes, on its event
 *     loop, where nothing can enter the queue any more between the last look and the close.</li>
 * </ol>
 * Elsewhere (the NIO transport, other systems) the listener simply closes: a connection still in its accept queue at
 * that instant is reset.
 */
final class ListenerStop {

    /** How long a handshake already answered with SYN-ACK gets to complete before the listener closes. */
    static final Duration HANDSHAKES_IN_FLIGHT = Duration.ofMillis(250);
    /** The longest wait for an empty accept queue; the listener closes after it anyway. */
    static final Duration LONGEST_WAIT = Duration.ofSeconds(2);

    private static final Logger LOG = LoggerFactory.getLogger(ListenerStop.class);
    private static final long POLL_MILLIS = 5;
    /** {@code setsockopt(SOL_SOCKET, SO_ATTACH_FILTER, struct sock_fprog)}; 16 bytes on 64-bit Linux. */
    private static final RawUnixChannelOption ATTACH_FILTER = new RawUnixChannelOption("SO_ATTACH_FILTER", 1, 26, 16);
    /** {@code getsockopt(IPPROTO_TCP, TCP_INFO)}: enough of {@code struct tcp_info} for the fields below. */
    private static final RawUnixChannelOption TCP_INFO = new RawUnixChannelOption("TCP_INFO", 6, 11, 32);
    private static final int TCP_INFO_STATE = 0;
    private static final int TCP_LISTEN = 10;
    /** For a listening socket, {@code tcpi_unacked} counts the connections waiting in the accept queue. */
    private static final int TCP_INFO_ACCEPT_QUEUE = 24;

    private ListenerStop() {
    }

    /**
     * Stops the listener as described above; the future completes when it is closed, with true when new connections
     * were refused before it closed.
     */
    static Future<Boolean> stop(Channel listener) {
        Promise<Boolean> closed = listener.eventLoop().newPromise();
        listener.eventLoop().execute(() -> {
            if (refuseNewConnections(listener)) {
                long since = System.nanoTime();
                closeWhenAcceptQueueEmpty(listener, since, closed);
            } else {
                close(listener, false, closed);
            }
        });
        return closed;
    }

    private static void closeWhenAcceptQueueEmpty(Channel listener, long since, Promise<Boolean> closed) {
        long waited = System.nanoTime() - since;
        int queued = acceptQueue(listener);
        if (queued == 0 && waited >= HANDSHAKES_IN_FLIGHT.toNanos() || waited >= LONGEST_WAIT.toNanos()) {
            if (queued != 0) {
                LOG.warn("Shutting down: the listener closes with {} connection(s) still in its accept queue; "
                        + "they are reset", queued);
            }
            close(listener, true, closed);
            return;
        }
        listener.eventLoop().schedule(() -> closeWhenAcceptQueueEmpty(listener, since, closed),
                POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    private static void close(Channel listener, boolean refusedFirst, Promise<Boolean> closed) {
        listener.close().addListener(done -> closed.trySuccess(refusedFirst));
    }

    /** Attaches the filter that drops new connection requests; false where that is not possible. */
    private static boolean refuseNewConnections(Channel listener) {
        if (!(listener instanceof UnixChannel) || !isLinux() || ValueLayout.ADDRESS.byteSize() != Long.BYTES) {
            return false;
        }
        // classic BPF, run on the TCP header: drop a segment whose flags have SYN without ACK, accept the others
        ByteBuffer program = ByteBuffer.allocateDirect(5 * 8).order(ByteOrder.nativeOrder());
        instruction(program, 0x30, 0, 0, 13);          // ldb [13]        the TCP flags
        instruction(program, 0x54, 0, 0, 0x12);        // and #0x12       SYN | ACK
        instruction(program, 0x15, 0, 1, 0x02);        // jeq #0x02       SYN alone?
        instruction(program, 0x06, 0, 0, 0);           // ret #0          yes: drop
        instruction(program, 0x06, 0, 0, 0xFFFFFFFF);  // ret #-1         no: accept whole
        program.flip();
        ByteBuffer socketFilterProgram = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
        socketFilterProgram.putShort(0, (short) 5);
        socketFilterProgram.putLong(8, MemorySegment.ofBuffer(program).address());
        try {
            return listener.config().setOption(ATTACH_FILTER, socketFilterProgram);
        } catch (ChannelException | UnsupportedOperationException e) {
            LOG.debug("The listener cannot refuse new connections before it closes", e);
            return false;
        } finally {
            Reference.reachabilityFence(program);
        }
    }

    /** The connections in the listener's accept queue; 0 when the kernel does not say. */
    private static int acceptQueue(Channel listener) {
        try {
            ByteBuffer info = listener.config().getOption(TCP_INFO).order(ByteOrder.nativeOrder());
            return info.get(TCP_INFO_STATE) == TCP_LISTEN ? info.getInt(TCP_INFO_ACCEPT_QUEUE) : 0;
        } catch (ChannelException | IndexOutOfBoundsException e) {
            return 0;
        }
    }

    private static void instruction(ByteBuffer program, int code, int jumpIfTrue, int jumpIfFalse, int operand) {
        program.putShort((short) code).put((byte) jumpIfTrue).put((byte) jumpIfFalse).putInt(operand);
    }

    private static boolean isLinux() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
    }
}
