// Establishes Hummingbird's HTTP/1.1 channel with a `RequestHeadGuard` in each connection's pipeline, right
// after HTTP/1 decoding: Hummingbird's own additional handlers come after its conversion to HTTP types, where
// a second Host and an absolute target are no longer visible.
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// HTTP/1.1 as Hummingbird serves it, each connection's requests guarded (``RequestHeadGuard``).
public struct GuardedHTTP1Channel: ServerChildChannel {
    public typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let answer: RequestHeadGuard.Answer

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger).assumeIsolated().flatMapThrowing { value in
            try RequestHeadGuard.insert(RequestHeadGuard(answer: answer), into: channel)
            return value
        }.nonisolated()
    }

    public func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension RequestHeadGuard {
    /// Puts `handler` right after the HTTP/1 request decoder of `channel`'s pipeline, which Hummingbird's
    /// `HTTP1Channel` set up. On the channel's event loop.
    public static func insert(_ handler: RequestHeadGuard, into channel: any Channel) throws {
        let pipeline = channel.pipeline.syncOperations
        let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
        try pipeline.addHandler(handler, position: .after(decoder))
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 as Hummingbird serves it (`configuration`), each connection's requests guarded, their
    /// refusals written by `answer`.
    public static func guardedHTTP1(configuration: HTTP1Channel.Configuration = .init(), answer: @escaping RequestHeadGuard.Answer) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedHTTP1Channel(http1: HTTP1Channel(responder: responder, configuration: configuration), answer: answer)
        }
    }
}
