// Establishes the pipeline of every connection the mailbox accepts: Hummingbird's HTTP/1.1 channel with a
// `ConnectionGuardHandler` right after HTTP/1 decoding, where a request's version and `Connection` header
// are still visible (Hummingbird's own additional handlers come after the conversion to HTTP types, which
// drops the version).
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's ``HTTP1Channel`` with each connection guarded by the server's ``ConnectionGate``.
struct MailboxHTTPChannel: ServerChildChannel {
    let http1: HTTP1Channel
    let gate: ConnectionGate

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(ConnectionGuardHandler(gate: gate), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 as Hummingbird serves it, each connection guarded by `gate`.
    static func guardedHTTP1(configuration: HTTP1Channel.Configuration, gate: ConnectionGate) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            MailboxHTTPChannel(http1: HTTP1Channel(responder: responder, configuration: configuration), gate: gate)
        }
    }
}
