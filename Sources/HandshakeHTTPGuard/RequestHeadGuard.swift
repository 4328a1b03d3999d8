// Establishes that a connection's requests are carried out only as they are answered, in order: a head that
// can be read two ways (`RequestHeadRefusal`) is refused with a sentence and the connection closed, nothing
// after a request that asked to close is carried out, an answer written before its request's body was read
// (an early 413) closes the connection (its body would otherwise be read as the next request), and a
// request that could not be read while others are still being answered waits for their answers before its
// refusal goes out, instead of overtaking them.
import NIOCore
import NIOHTTP1

/// Guards one HTTP/1.1 connection's requests, between HTTP/1 decoding and the application.
///
/// It sits right after NIO's HTTP/1 decoder (before Hummingbird's conversion to HTTP types, which keeps the
/// first Host and rewrites an absolute target to its path), where it sees each request's head as sent and
/// each answer's parts as they go out.
public final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPServerRequestPart
    public typealias InboundOut = HTTPServerRequestPart
    public typealias OutboundIn = HTTPServerResponsePart
    public typealias OutboundOut = HTTPServerResponsePart

    /// The refusal's answer: its status, content type and body, in the application's own shape.
    public typealias Answer = @Sendable (RequestHeadRefusal) -> (contentType: String, body: String)

    private let answer: Answer
    /// Requests passed on whose answer has not ended.
    private var inFlight = 0
    /// Whether the parts being read belong to a request that was passed on.
    private var passingCurrent = false
    /// Whether the request being read has all arrived.
    private var currentEnded = true
    /// Whether nothing more is passed on: a request asked to close, or one was refused.
    private var closing = false
    /// The refusal to write once the answers in flight are out.
    private var pending: RequestHeadRefusal?
    /// Whether the connection closes once the answers in flight are out.
    private var closeWhenAnswered = false
    /// Whether the answer is out and the rest of the request's body is being read and dropped before the close.
    private var lingering = false
    /// How long the rest of a refused request's body is read before the connection closes anyway.
    static let lingerTime = TimeAmount.seconds(2)

    /// A guard whose refusals are written by `answer`.
    public init(answer: @escaping Answer) {
        self.answer = answer
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch part {
        case .head(let head):
            currentEnded = false
            guard !closing else {
                passingCurrent = false
                return
            }
            if let refusal = RequestHeadRefusal.check(head) {
                passingCurrent = false
                refuse(refusal, context: context)
                return
            }
            passingCurrent = true
            inFlight += 1
            // Nothing after a request that asked to close is carried out.
            if !head.isKeepAlive { closing = true }
            context.fireChannelRead(data)
        case .body:
            if passingCurrent { context.fireChannelRead(data) }
        case .end:
            currentEnded = true
            if passingCurrent { context.fireChannelRead(data) }
            if lingering { context.close(promise: nil) }
        }
    }

    public func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A request that cannot be read behind others still being answered waits for their answers; bytes
        // after a request that asked to close are not read at all.
        guard error is HTTPParserError, inFlight > 0 else {
            context.fireErrorCaught(error)
            return
        }
        if !closing { refuse(.unreadable, context: context) }
        closing = true
        closeWhenAnswered = true
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        var part = unwrapOutboundIn(data)
        if case .head(var head) = part, head.status.code >= 200, !currentEnded {
            // Answered before its body was read: the rest of it must not be read as the next request.
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            part = .head(head)
            closing = true
            closeWhenAnswered = true
        }
        guard case .end = part else {
            context.write(wrapOutboundOut(part), promise: promise)
            return
        }
        inFlight = max(0, inFlight - 1)
        context.write(wrapOutboundOut(part), promise: promise)
        guard inFlight == 0 else { return }
        if let refusal = pending {
            pending = nil
            writeRefusal(refusal, context: context)
        } else if closeWhenAnswered {
            context.flush()
            closeAfterTheBody(context: context)
        }
    }

    /// Refuses now when nothing is being answered, else once the answers in flight are out.
    private func refuse(_ refusal: RequestHeadRefusal, context: ChannelHandlerContext) {
        closing = true
        if inFlight == 0 { writeRefusal(refusal, context: context) } else { pending = refusal }
    }

    private func writeRefusal(_ refusal: RequestHeadRefusal, context: ChannelHandlerContext) {
        let (contentType, text) = answer(refusal)
        var body = context.channel.allocator.buffer(capacity: text.utf8.count)
        body.writeString(text)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Content-Length", value: "\(body.readableBytes)")
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: refusal.status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        closeAfterTheBody(context: context)
    }

    /// Closes the connection once the request being read has all arrived (at once when it has). Until then
    /// only this side's output is closed, and what still comes is read and dropped for at most
    /// ``lingerTime``: closing with unread bytes would reset the connection, and a client still sending (a
    /// proxy forwarding the body) would lose the answer with it.
    private func closeAfterTheBody(context: ChannelHandlerContext) {
        guard !currentEnded else {
            context.close(promise: nil)
            return
        }
        lingering = true
        passingCurrent = false
        let channel = context.channel
        context.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
        channel.eventLoop.scheduleTask(in: Self.lingerTime) { channel.close(promise: nil) }
    }
}
