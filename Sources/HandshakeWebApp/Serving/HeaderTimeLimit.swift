// Establishes the app's header timeout: a connection must send a whole request head within the limit of
// being opened, and of its last answer being sent, or it is closed. Without it a connection that opens and
// says nothing (or drips a header a byte at a time) stays open for ever: 1,100 of them were held for minutes.
// It sits after HTTP decoding, so it sees a head only when the head is complete; a request being answered
// (an event stream's long answer included) is never cut.
import NIOCore
import NIOHTTPTypes

final class HeaderTimeLimit: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limit: TimeAmount
    private var timer: Scheduled<Void>?
    /// Heads received and answers finished on this connection: the clock runs only while they are equal
    /// (waiting for the next head), never during a request.
    private var heads = 0
    private var answered = 0

    init(limit: Duration) {
        self.limit = TimeAmount(limit)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        start(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            heads += 1
            stop()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            answered += 1
            if answered >= heads { start(context: context) }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    private func start(context: ChannelHandlerContext) {
        stop()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: limit) {
            context.close(promise: nil)
        }
    }

    private func stop() {
        timer?.cancel()
        timer = nil
    }
}
