// Establishes the second way two devices reach each other: through a relay room on a mailbox server
// (docs/protocols/nearby-relay.md), a WebSocket (RFC 6455) to `{origin}/v1/relay/{room}` over TCP, with TLS
// for an https server (the system's trust store, the host's name checked). Like StreamTransport it is a
// pipe: the channel's bytes go out as binary messages of at most 32 KiB and come back in order, whatever
// their cutting; the secure channel above frames, bounds and judges them, end to end, so the relay reads
// nothing. A room the relay ends or refuses ends `incoming`, with the relay's sentence kept for the person.
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

/// The relay's room, as an `ExchangeTransport`. Wire-level (the coordinator opens rooms itself); benchmarks
/// and a second implementation's tests open one directly.
@_spi(Wire) public struct RelayTransport: ExchangeTransport {
    /// The largest message sent: half the relay's limit, so a frame never reaches it.
    public static let largestMessage = 32 * 1024
    /// How long connecting and opening the WebSocket may take.
    static let openingTime: Duration = .seconds(10)

    /// What the other side sends, in order; ends when the room ends.
    public let incoming: AsyncThrowingStream<[UInt8], any Error>
    let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    let endIncoming: @Sendable () -> Void

    /// Sends `bytes` as binary messages of at most ``largestMessage`` bytes.
    public func send(_ bytes: [UInt8]) async throws {
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + Self.largestMessage)
            try await outbound.write(Self.frame(.binary, ByteBuffer(bytes: bytes[offset..<end])))
            offset = end
        } while offset < bytes.count
    }

    /// Leaves the room (a normal close), which ends it for the other side too.
    public func close() async {
        try? await outbound.write(Self.frame(.connectionClose, ByteBuffer(bytes: [0x03, 0xE8])))
        outbound.finish()
        endIncoming()
    }

    /// A client's frame: masked, as RFC 6455 §5.3 requires of every frame a client sends.
    static func frame(_ opcode: WebSocketOpcode, _ data: ByteBuffer) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
    }

    private enum Upgrade: Sendable {
        case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    /// Runs `body` with a transport through `room` on `relay`, then closes it. The relay's refusal or end of
    /// the room ends `incoming` with ``NearbyTransportError/relayUnavailable(server:reason:)``.
    public static func run<Result: Sendable>(
        _ relay: RelayServer, room: RelayRoom, _ body: @Sendable @escaping (any ExchangeTransport) async throws -> Result
    ) async throws(NearbyTransportError) -> Result {
        let channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>
        do {
            channel = try await open(relay, room: room)
        } catch let error as NearbyTransportError {
            throw error
        } catch {
            throw .relayUnavailable(server: relay.origin, reason: reason(for: error))
        }
        do {
            return try await channel.executeThenClose { inbound, outbound in
                let (incoming, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
                let transport = RelayTransport(incoming: incoming, outbound: outbound, endIncoming: { continuation.finish() })
                return try await runBesideReader({
                    do {
                        for try await frame in inbound {
                            switch frame.opcode {
                            case .binary, .continuation:
                                continuation.yield(Array(frame.unmaskedData.readableBytesView))
                            case .ping:
                                try? await outbound.write(Self.frame(.pong, frame.unmaskedData))
                            case .connectionClose:
                                continuation.finish(throwing: ending(relay, frame.unmaskedData))
                                return
                            default:
                                continue
                            }
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }, { try await body(transport) })
            }
        } catch {
            throw .relayUnavailable(server: relay.origin, reason: reason(for: error))
        }
    }

    /// Why the room could not be used, in words: a library's own sentence (a refused first frame), what TLS
    /// refused, or the system's words for a connection that failed (``NearbyTCP``'s), never the socket
    /// library's type names.
    static func reason(for error: any Error) -> String {
        switch error {
        case let error as any HandshakeError: error.description
        case is NIOSSLError, is NIOSSLExtraError, is BoringSSLError:
            String(describing: error).contains("CERTIFICATE_VERIFY_FAILED")
                ? "its certificate is not valid for this address, or not signed by an authority this computer trusts"
                : "the secure (TLS) connection could not be made"
        default: NearbyTCP.reason(for: error)
        }
    }

    /// What the relay's close says: a normal end is the other side leaving; a code of the relay's own is
    /// its sentence.
    private static func ending(_ relay: RelayServer, _ data: ByteBuffer) -> NearbyTransportError {
        var data = data
        let code = data.readInteger(as: UInt16.self) ?? 1005
        let said = data.readString(length: min(data.readableBytes, 200)) ?? ""
        let reason = code == 1000 ? "the other device left" : "the relay ended the room (\(code)\(said.isEmpty ? "" : ": " + said))"
        return .relayUnavailable(server: relay.origin, reason: reason)
    }

    /// Connects, upgrades to a WebSocket, and gives the channel, within ``openingTime``.
    private static func open(_ relay: RelayServer, room: RelayRoom) async throws -> NIOAsyncChannel<WebSocketFrame, WebSocketFrame> {
        let tls = relay.secure ? try NIOSSLContext(configuration: .makeClientConfiguration()) : nil
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: relay.authority)
        headers.add(name: "Content-Length", value: "0")
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: relay.path(of: room), headers: headers)
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: 64 * 1024) { channel, _ in
            channel.eventLoop.makeCompletedFuture { .websocket(try NIOAsyncChannel(wrappingChannelSynchronously: channel)) }
        }
        let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
            upgradeRequestHead: head, upgraders: [upgrader],
            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeCompletedFuture { .refused } })
        // The relay may send the room's first message right behind its 101 answer (held bytes, handed over
        // as the second side joins), and a busy machine reads both at once: the HTTP decoder must pass on
        // what follows the answer, not drop it (its default).
        let pipeline = {
            var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
            pipeline.leftOverBytesStrategy = .forwardBytes
            return pipeline
        }()
        let serverName: String? = relay.host.contains(":") || relay.host.allSatisfy({ $0.isNumber || $0 == "." }) ? nil : relay.host
        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(openingTime))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: relay.host, port: relay.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(DeferredEnd())
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName)) }
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
                }
            }
        let result = try await withThrowingTaskGroup(of: Upgrade?.self) { group in
            group.addTask { try await upgrade.get() }
            group.addTask {
                try await Task.sleep(for: openingTime)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        switch result {
        case .websocket(let channel)?: return channel
        case .refused?: throw NearbyTransportError.relayUnavailable(server: relay.origin, reason: "it offers no relay")
        case nil: throw NearbyTransportError.relayUnavailable(server: relay.origin, reason: "it did not answer within \(openingTime)")
        }
    }
}
