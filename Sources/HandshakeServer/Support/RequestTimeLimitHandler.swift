import Foundation
import HandshakeMailbox
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// Ends a request whose body has not fully arrived within a time limit: it answers `408
/// request_timeout` with the usual JSON error body and closes the connection.
///
/// It sits in each connection's channel pipeline, between HTTP decoding and Hummingbird's request
/// handling, so it sees a request's head, body parts and end as they arrive, whatever the route does
/// with them. The clock starts at the head and stops at the end; a client that trickles a body (or
/// stops sending one) cannot hold a connection and a request task past the limit. A 408 is written only
/// when it can be the answer to this request: every earlier response on the connection is complete and
/// this request's has not begun (with pipelined requests, or a route that already answered, the
/// connection is closed without one). What it does not bound: time
/// between requests on a kept-alive connection (the idle timeout does), the time a route spends once the
/// body is in (the database limits do), or headers trickled before the head is complete (the idle
/// timeout closes a connection that goes silent).
final class RequestTimeLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limit: Duration
    private let metrics: MailboxMetrics
    private var timer: Scheduled<Void>?
    /// Requests whose head arrived, and responses whose head was written, on this connection.
    private var requestsStarted = 0
    private var responsesStarted = 0
    /// Whether a response's head has been written and its end not yet.
    private var writingResponse = false
    private var timedOut = false

    init(limit: Duration, metrics: MailboxMetrics) {
        self.limit = limit
        self.metrics = metrics
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !timedOut else { return }  // the answer is given; what still arrives is dropped
        switch unwrapInboundIn(data) {
        case .head:
            requestsStarted += 1
            timer?.cancel()
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limit)) { self.timeUp(context: context) }
        case .body: break
        case .end:
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !timedOut else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != .informational:  // a 100 Continue is not the answer
            responsesStarted += 1
            writingResponse = true
        case .head, .body: break
        case .end: writingResponse = false
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    private func timeUp(context: ChannelHandlerContext) {
        timer = nil
        timedOut = true
        metrics.requestTimedOut()
        guard responsesStarted == requestsStarted - 1, !writingResponse else {
            context.close(promise: nil)
            return
        }
        context.refuseAndClose(.requestTimeout(seconds: Int(limit.components.seconds)))
    }
}
