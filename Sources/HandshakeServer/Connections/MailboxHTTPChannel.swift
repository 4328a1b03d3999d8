// Establishes the pipeline of every connection the mailbox accepts. Its first bytes decide which: a request
// line starting `GET /v1/relay/` is a relay connection (docs/protocols/nearby-relay.md), given Hummingbird's
// WebSocket upgrade channel; every other connection gets Hummingbird's HTTP/1.1 channel with a
// `ConnectionGuardHandler` right after HTTP/1 decoding, where a request's version and `Connection` header are
// still visible (Hummingbird's own additional handlers come after the conversion to HTTP types, which drops
// the version). So the relay changes nothing of how the mailbox's own requests are read, and a relay
// connection is bounded by the relay's own limits (RelayLimits), not by the gate's places.
import Hummingbird
import HandshakeHTTPGuard
import HandshakeMailbox
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// The mailbox's HTTP/1.1 channel, each connection guarded by the server's ``ConnectionGate``, and the relay's.
struct MailboxHTTPChannel: ServerChildChannel {
    /// A connection, and the pipeline its first bytes chose. The choice is a future: a connection is read
    /// only once its setup is done, so setup cannot wait for its bytes.
    struct Value: ServerChildChannelValue {
        enum Chosen: Sendable {
            case http(HTTP1Channel.Value)
            case relay(HTTP1WebSocketUpgradeChannel.Value)
        }

        let channel: any Channel
        let chosen: EventLoopFuture<Chosen>
    }

    let http1: HTTP1Channel
    let relay: HTTP1WebSocketUpgradeChannel
    let gate: ConnectionGate

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let chosen = channel.eventLoop.makePromise(of: Value.Chosen.self)
        // The guard counts the connection from its first moment; it joins the pipeline once HTTP is chosen.
        let guardHandler = ConnectionGuardHandler(gate: gate)
        let sniffer = RequestLineSniffer(prefix: RelayUpgrade.requestLinePrefix, opened: { guardHandler.arrive(on: channel) }) { isRelay in
            if isRelay {
                guardHandler.leave()
                chosen.completeWith(relay.setup(channel: channel, logger: logger).map(Value.Chosen.relay))
            } else {
                // On the connection's event loop, at once (HTTP1Channel's setup is complete when it returns),
                // so the pipeline is whole before the sniffer hands its bytes on.
                chosen.completeWith(
                    http1.setup(channel: channel, logger: logger).assumeIsolated().flatMapThrowing { value in
                        // Right after the decoder: the gate's guard, then the requests' (read one way only).
                        try RequestHeadGuard.insert(RequestHeadGuard(answer: Self.refusal), into: channel)
                        let pipeline = channel.pipeline.syncOperations
                        let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
                        try pipeline.addHandler(guardHandler, position: .after(decoder))
                        return Value.Chosen.http(value)
                    }.nonisolated())
            }
        }
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(sniffer)
            return Value(channel: channel, chosen: chosen.futureResult)
        }
    }

    /// A request refused below the router, in the API's error shape.
    @Sendable static func refusal(_ refusal: RequestHeadRefusal) -> (contentType: String, body: String) {
        ("application/json", String(decoding: MailboxError.badRequest(refusal.sentence).jsonBody, as: UTF8.self))
    }

    func handle(value: Value, logger: Logger) async {
        // A connection closed before its first bytes chose has nothing to serve; one still silent when the
        // server shuts down is closed, as an idle HTTP connection is.
        let chosen: Value.Chosen
        do {
            chosen = try await withGracefulShutdownHandler {
                try await value.chosen.get()
            } onGracefulShutdown: {
                let channel = value.channel
                channel.eventLoop.execute {
                    // Still sniffing: nothing chosen, nothing being answered.
                    if (try? channel.pipeline.syncOperations.handler(type: RequestLineSniffer.self)) != nil { channel.close(promise: nil) }
                }
            }
        } catch {
            return
        }
        switch chosen {
        case .http(let value): await http1.handle(value: value, logger: logger)
        case .relay(let value): await relay.handle(value: value, logger: logger)
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 as Hummingbird serves it, each connection guarded by `gate`, and the relay's WebSocket
    /// connections decided by `relay`.
    static func guardedHTTP1(configuration: HTTP1Channel.Configuration, gate: ConnectionGate, relay: RelayUpgrade) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            let webSocket = WebSocketServerConfiguration(maxFrameSize: relay.policy.relay.messageBytes)
            return MailboxHTTPChannel(
                http1: HTTP1Channel(responder: responder, configuration: configuration),
                relay: HTTP1WebSocketUpgradeChannel(
                    responder: responder, configuration: .init(http1: configuration, ws: webSocket),
                    shouldUpgrade: { head, channel, _ in relay.shouldUpgrade(head, channel: channel) }),
                gate: gate)
        }
    }
}
