import HandshakeCore
@_spi(Wire) import HandshakeExchange
import NIOCore
import NIOPosix

/// The nearby exchange over TCP on a local network: a listener that takes the sessions other devices open,
/// and a way to open one to a device found by discovery. The device that connects is the session's
/// initiator.
///
/// What it does: connections and bytes, with a bounded time to connect. What it does not: choose whom to
/// connect to (discovery and the person do) or protect anything (the secure channel does).
@_spi(Wire) public enum NearbyTCP {
    /// How long a connection attempt may take before it fails with a sentence.
    public static let connectTimeout: TimeAmount = .seconds(5)

    /// Connects to `host`:`port` and runs `body` with the connection; the connection is closed when `body`
    /// returns.
    public static func connect<Result: Sendable>(
        host: String, port: Int, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        _ body: @Sendable @escaping (any ExchangeTransport) async throws -> Result
    ) async throws(NearbyTransportError) -> Result {
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(connectTimeout)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
                }
        } catch {
            throw .cannotConnect(host: host, port: port, reason: reason(for: error))
        }
        do {
            return try await StreamTransport.run(on: channel, body)
        } catch {
            throw .connectionFailed("\(error)")
        }
    }

    /// Why a connection could not be made, in words (`SystemFailure`): the socket library's description names
    /// its types ("SingleConnectionFailure(target: [IPv4]…"), which says nothing to a person.
    static func reason(for error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError: error.connectionErrors.first.map { reason(for: $0.error) } ?? "the connection failed"
        case let error as IOError: SystemFailure.connectionReason(errno: error.errnoCode)
        case NIOCore.ChannelError.connectTimeout: "it did not accept the connection in time"
        default: "the connection failed"
        }
    }
}
