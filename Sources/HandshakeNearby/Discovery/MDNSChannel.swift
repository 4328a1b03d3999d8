// The thin I/O layer shared by the advertiser and the browser: a SwiftNIO datagram channel on the multicast
// DNS socket, that decodes what arrives into ``DNSMessage`` values (dropping anything malformed, and anything
// not sent from port 5353, RFC 6762 §6 and §11) and sends messages to 224.0.0.251:5353. It holds no protocol
// state; deciding what to send is left to ``ServiceAdvertisement`` and ``BrowserState``.

import NIOCore
import NIOPosix

/// One open multicast DNS socket, as a stream of messages in and a way to send messages out.
final class MDNSChannel: Sendable {
    let channel: any Channel
    /// The address of the interface the socket is bound to.
    let interfaceAddress: IPv4Address
    /// Every well-formed message heard from port 5353, in order; finishes when the channel closes.
    let messages: AsyncStream<DNSMessage>

    private init(channel: any Channel, interfaceAddress: IPv4Address, messages: AsyncStream<DNSMessage>) {
        self.channel = channel
        self.interfaceAddress = interfaceAddress
        self.messages = messages
    }

    /// Opens the socket on `interface` and starts reading.
    static func open(on interface: DiscoveryInterface) async throws -> MDNSChannel {
        let address = try interface.resolveAddress()
        let fd = try interface.makeSocket(address)
        let (messages, continuation) = AsyncStream.makeStream(of: DNSMessage.self, bufferingPolicy: .bufferingNewest(256))
        let channel: any Channel
        do {
            channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(InboundHandler(continuation: continuation))
                    }
                }
                .withBoundSocket(fd).get()
        } catch {
            continuation.finish()
            throw error
        }
        channel.closeFuture.whenComplete { _ in continuation.finish() }
        return MDNSChannel(channel: channel, interfaceAddress: address, messages: messages)
    }

    /// The multicast DNS group and port.
    static let destination: SocketAddress = {
        // A constant IPv4 literal: it always parses.
        try! SocketAddress(ipAddress: MulticastSocket.group.description, port: Int(MulticastSocket.port))
    }()

    /// Sends a message to the group. A message that cannot be encoded, or a closed channel, sends nothing.
    func send(_ message: DNSMessage) async {
        guard let bytes = try? message.encoded() else { return }
        let envelope = AddressedEnvelope(remoteAddress: Self.destination, data: channel.allocator.buffer(bytes: bytes))
        try? await channel.writeAndFlush(envelope)
    }

    /// Closes the socket; ``messages`` finishes.
    func close() async {
        try? await channel.close()
    }

    private final class InboundHandler: ChannelInboundHandler {
        typealias InboundIn = AddressedEnvelope<ByteBuffer>
        let continuation: AsyncStream<DNSMessage>.Continuation

        init(continuation: AsyncStream<DNSMessage>.Continuation) { self.continuation = continuation }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let envelope = unwrapInboundIn(data)
            guard envelope.remoteAddress.port == Int(MulticastSocket.port) else { return }
            let bytes = Array(envelope.data.readableBytesView)
            guard let message = try? DNSMessage(decoding: bytes) else { return }
            continuation.yield(message)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            // A datagram error (an ICMP report, a too-large packet) ends nothing: keep listening.
        }
    }
}
