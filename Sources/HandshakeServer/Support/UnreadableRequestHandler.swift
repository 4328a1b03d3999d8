import HandshakeMailbox
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request that HTTP/1.1 decoding refused in the server's error shape, then closes the
/// connection: headers over the limits (8 KiB a field, 16 KiB in all, 100 fields) are `431
/// headers_too_large`, anything else the decoder cannot read is `400 bad_request`.
///
/// Without it Hummingbird answers every decoding error `400` with an empty body, so a client could not tell
/// oversized headers (which it can fix) from garbage. It sits in each connection's pipeline after HTTP
/// decoding, where decoding errors pass on their way to Hummingbird. It answers only when the answer can
/// belong to the refused request (no response is being written); otherwise it closes the connection.
final class UnreadableRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Whether a response's head has been written and its end not yet.
    private var writingResponse = false
    private var refused = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational: writingResponse = true
        case .head, .body: break
        case .end: writingResponse = false
        }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !refused else { return }
        refused = true
        guard !writingResponse else {
            context.close(promise: nil)
            return
        }
        context.refuseAndClose(error == .headerOverflow ? .headersTooLarge : .badRequest("it could not be read as an HTTP/1.1 request."))
    }
}
