@_spi(Wire) import HandshakeExchange
import NIOCore
import NIOPosix

// The listening half of the nearby exchange over TCP: the port discovery advertises, and every connection
// another device opens to it. It does not decide which connection becomes the session (the exchange screen
// does) and does not protect anything (the secure channel does).

/// Listens for the sessions other devices open while the exchange screen is open.
@_spi(Wire) public struct NearbyListener: Sendable {
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
        try await serve { transport, _ in await handler(transport) }
    }

    /// Serves every incoming connection as ``serve(_:)`` does, telling `handler` the address it came from
    /// (an IP address in text, nil when the system does not say): the exchange screen uses it to tell the
    /// device the person chose from any other that connects.
    public func serve(_ handler: @Sendable @escaping (any ExchangeTransport, String?) async -> Void) async throws {
        try await server.executeThenClose { connections in
            try await withThrowingDiscardingTaskGroup { group in
                for try await connection in connections {
                    let remote = connection.channel.remoteAddress?.ipAddress
                    group.addTask { _ = try? await StreamTransport.run(on: connection) { transport in await handler(transport, remote) } }
                }
            }
        }
    }
}
