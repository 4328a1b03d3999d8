// Establishes that a relay's last words are read before its connection's end: a relay that refuses a seat
// sends its 101 answer, the close frame that says why, and its FIN together, and a busy machine reads them
// at once. NIO's HTTP client upgrade passes the channel's end on while the upgrade is still handing the
// connection to the WebSocket reader, so the close frame (forwarded after) found the reader gone and the
// room seemed to end for no reason. Passing the end on one event-loop turn later lets the upgrade finish and
// the frame be read first.
import NIOCore

/// Holds back the channel's end (`channelInactive`) by one turn of its event loop.
final class DeferredEnd: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func channelInactive(context: ChannelHandlerContext) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.execute { bound.value.fireChannelInactive() }
    }
}
