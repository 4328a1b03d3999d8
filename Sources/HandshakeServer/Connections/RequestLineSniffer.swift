// Establishes how a connection's first bytes choose its pipeline: the sniffer holds them until they show
// whether the request line starts with a given prefix (or cannot), lets the choice build the pipeline behind
// it, then hands the bytes on and leaves. A connection that says nothing is closed after the same 30 s an idle
// HTTP connection is.
import NIOCore

final class RequestLineSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let prefix: [UInt8]
    private let opened: () -> Void
    private let choose: (Bool) -> Void
    private var held: ByteBuffer?
    private var timer: Scheduled<Void>?
    private var chosen = false

    /// A sniffer calling `opened` when the connection is open, then `choose` once, with whether the
    /// connection's first bytes start with `prefix`.
    init(prefix: String, opened: @escaping () -> Void, choose: @escaping (Bool) -> Void) {
        self.prefix = Array(prefix.utf8)
        self.opened = opened
        self.choose = choose
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(30)) { channel.close(promise: nil) }
        if channel.isActive { opened() }
    }

    func channelActive(context: ChannelHandlerContext) {
        opened()
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        guard !chosen else { return context.fireChannelRead(data) }
        if held == nil { held = bytes } else { held?.writeBuffer(&bytes) }
        guard let held else { return }
        let seen = Array(held.readableBytesView.prefix(prefix.count))
        let matches = seen == Array(prefix.prefix(seen.count))
        guard seen.count == prefix.count || !matches else { return }
        chosen = true
        timer?.cancel()
        choose(matches && seen.count == prefix.count)
        // The pipeline behind is built: the held bytes go to it, and the sniffer leaves.
        self.held = nil
        context.fireChannelRead(wrapInboundOut(held))
        context.pipeline.syncOperations.removeHandler(self, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        // Closed before choosing (or while a prefix was still possible): the HTTP pipeline takes what came
        // and the end, as it would have.
        if !chosen {
            chosen = true
            timer?.cancel()
            choose(false)
            if let held {
                self.held = nil
                context.fireChannelRead(wrapInboundOut(held))
            }
        }
        context.fireChannelInactive()
    }
}
