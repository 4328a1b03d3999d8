// Establishes what one connection may hold: a place among the connections served (or a 503 and a quick
// close past the cap), no idle keep-alive under pressure, no keep-alive at all when the client did not
// ask for it (HTTP/1.0, `Connection: close`), and no event stream held open for a client that went away.
import HandshakeMailbox
import NIOCore
import NIOHTTP1

/// Guards one connection's share of the server's descriptors (``ConnectionGate``).
///
/// It sits in each connection's pipeline right after HTTP/1 decoding, where it sees each request's
/// version and `Connection` header and each response's head:
/// - on arrival it asks the gate for a place (which may be the longest-idle connection's, closed to make
///   room). Refused (every place has a request in flight), the connection's first request is answered
///   `503 server_busy` with a sentence and `Connection: close`, then the connection is closed; with no
///   request within ``DescriptorBudget/refusalWait`` it is closed unanswered. Nothing of it reaches the
///   router; the gate is told when a request is in flight and when the connection is idle again;
/// - a request that does not keep the connection alive (HTTP/1.0 without `keep-alive`, or `Connection:
///   close` in any spelling) is given `Connection: close` as Hummingbird reads it, so the connection closes
///   once it is answered (it was held for the 30 s idle timeout), and its answer says so;
/// - while the gate is under pressure, a connection with no request in flight for
///   ``DescriptorBudget/pressureIdleTime`` is closed;
/// - when the client half-closes or goes away while an event stream (`text/event-stream`) is being
///   written to it, the connection is closed at once, which ends the stream (before, the server noticed
///   at its next keep-alive, up to 15 s later, and the open-streams gauge lagged as long).
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private enum Standing: Equatable {
        case arriving
        case served(ConnectionGate.Place)
        case refused
        case gone
    }

    private let gate: ConnectionGate
    private var standing = Standing.arriving
    /// Requests whose head arrived and whose answer has not ended.
    private var inFlight = 0
    private var idleSince = NIODeadline.now()
    /// Whether the request being answered asked for the connection to close after it.
    private var closeAfterAnswer = false
    /// The version of the request being answered: an HTTP/1.0 client is answered in 1.0 (no chunking).
    private var requestVersion = HTTPVersion.http1_1
    /// Whether the answer being written is an event stream.
    private var streaming = false
    private var timer: Scheduled<Void>?

    init(gate: ConnectionGate) {
        self.gate = gate
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arrive(on: context.channel) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arrive(on: context.channel)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        leave()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        leave()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let place: ConnectionGate.Place
        switch standing {
        case .refused:
            // Nothing of a refused connection reaches the router; its first request gets the answer.
            if case .head = unwrapInboundIn(data) { refuse(context: context) }
            return
        case .gone, .arriving:
            return
        case .served(let served):
            place = served
        }
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        // A connection whose place went to a newcomer is closing: its request is not served.
        guard gate.busy(place) else {
            gate.release(place)
            standing = .gone
            return
        }
        inFlight += 1
        cancelTimer()
        requestVersion = head.version
        if !head.isKeepAlive {
            closeAfterAnswer = true
            // Hummingbird closes after an answer only when the header is exactly `close`.
            head.headers.replaceOrAdd(name: "connection", value: "close")
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200:
            streaming = head.headers.first(name: "content-type")?.lowercased().hasPrefix("text/event-stream") == true
            if closeAfterAnswer { head.headers.replaceOrAdd(name: "connection", value: "close") }
            if requestVersion == .http1_0 { head.version = .http1_0 }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            inFlight = max(0, inFlight - 1)
            streaming = false
            context.write(data, promise: promise)
            if inFlight == 0, case .served(let place) = standing {
                gate.idle(place)
                idleSince = .now()
                scheduleIdleCheck(on: context.channel)
            }
        case .head, .body:
            context.write(data, promise: promise)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // With remote half-closure allowed, a client closing its side is an event, not the channel's end.
        if case ChannelEvent.inputClosed = event, streaming {
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: - Arriving and leaving

    /// Takes the connection's place at the gate (or its refusal), once: when the connection opens, which may
    /// be before the handler is in the pipeline (`MailboxHTTPChannel` waits for a connection's first bytes to
    /// choose its pipeline, and a connection is counted from its first moment, silent or not).
    func arrive(on channel: any Channel) {
        guard standing == .arriving else { return }
        if let place = gate.admit(channel) {
            standing = .served(place)
            idleSince = .now()
            scheduleIdleCheck(on: channel)
        } else {
            standing = .refused
            timer = channel.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(gate.budget.refusalWait)) {
                self.timer = nil
                guard self.standing == .refused else { return }
                self.standing = .gone
                self.gate.refused(answered: false)
                channel.close(promise: nil)
            }
        }
    }

    /// Gives the connection's place back: it closed, or it became a relay connection, which the relay's own
    /// limits bound.
    func leave() {
        cancelTimer()
        if case .served(let place) = standing { gate.release(place) }
        standing = .gone
    }

    /// Answers the first request of a connection past the cap, and closes it once the answer is written.
    private func refuse(context: ChannelHandlerContext) {
        cancelTimer()
        standing = .gone
        gate.refused(answered: true)
        let refusal = MailboxError.serverBusy(retryAfter: DescriptorBudget.retryAfterSeconds)
        let body = refusal.jsonBody
        var headers = HTTPHeaders()
        for field in refusal.headers { headers.add(name: field.name.rawName, value: field.value) }
        headers.replaceOrAdd(name: "content-length", value: String(body.count))
        headers.replaceOrAdd(name: "connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: .init(statusCode: Int(refusal.status.code)), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    // MARK: - Idle connections under pressure

    private func scheduleIdleCheck(on channel: any Channel) {
        cancelTimer()
        timer = channel.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(gate.budget.pressureIdleTime)) {
            self.timer = nil
            self.checkIdle(on: channel)
        }
    }

    private func checkIdle(on channel: any Channel) {
        guard case .served(let place) = standing, inFlight == 0 else { return }
        if gate.isUnderPressure, NIODeadline.now() - idleSince >= TimeAmount(gate.budget.pressureIdleTime) {
            // Closed here, or handed to a newcomer by the gate (which closes it): either way it is done.
            if !gate.closeIdle(place) { gate.release(place) }
            standing = .gone
            channel.close(promise: nil)
        } else {
            scheduleIdleCheck(on: channel)
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
    }
}
