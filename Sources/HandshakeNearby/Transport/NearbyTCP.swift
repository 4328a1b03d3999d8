import HandshakeExchange
import NIOCore
import NIOPosix

/// The nearby exchange over TCP on a local network: a listener that takes the sessions other devices open,
/// and a way to open one to a device found by discovery. The device that connects is the session's
/// initiator.
///
/// What it does: connections and bytes, with a bounded time to connect. What it does not: choose whom to
/// connect to (discovery and the person do) or protect anything (the secure channel does).
public enum NearbyTCP {
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
            throw .cannotConnect(host: host, port: port, reason: "\(error)")
        }
        do {
            return try await StreamTransport.run(on: channel, body)
        } catch {
            throw .connectionFailed("\(error)")
        }
    }
}

/// Listens for the sessions other devices open while the exchange screen is open.
public struct NearbyListener: Sendable {
    let server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>
    /// The port other devices connect to (chosen by the system when bound to port 0): what discovery
    /// advertises.
    public let port: Int

    /// Binds to `host` (an interface address; `0.0.0.0` for every interface) and `port` (0: any free port).
    public static func bind(
        host: String, port: Int = 0, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws(NearbyTransportError) -> NearbyListener {
        do {
            let server = try await ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .bind(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
                }
            guard let bound = server.channel.localAddress?.port else { throw NearbyTransportError.cannotListen(host: host, reason: "no port was assigned") }
            return NearbyListener(server: server, port: bound)
        } catch let error as NearbyTransportError {
            throw error
        } catch {
            throw .cannotListen(host: host, reason: "\(error)")
        }
    }

    /// Serves every incoming connection with `handler`, each in its own task, until the calling task is
    /// cancelled; then stops listening. A connection is closed when its handler returns. Call it once per
    /// listener: a listener serves one exchange screen, and a new screen binds a new one.
    public func serve(_ handler: @Sendable @escaping (any ExchangeTransport) async -> Void) async throws {
        try await server.executeThenClose { connections in
            try await withThrowingDiscardingTaskGroup { group in
                for try await connection in connections {
                    group.addTask { _ = try? await StreamTransport.run(on: connection) { transport in await handler(transport) } }
                }
            }
        }
    }
}

/// Why a nearby connection could not be made or kept.
public enum NearbyTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotListen(host: String, reason: String)
    case cannotConnect(host: String, port: Int, reason: String)
    case connectionFailed(String)

    public var description: String {
        switch self {
        case .cannotListen(let host, let reason):
            return "Cannot listen for nearby devices on \(host): \(reason). Check that this network interface is up."
        case .cannotConnect(let host, let port, let reason):
            return "Cannot reach the other device at \(host) port \(port): \(reason). Are both devices on the same network?"
        case .connectionFailed(let reason):
            return "The connection to the other device failed: \(reason)."
        }
    }
}
