// Establishes a server that misbehaves on purpose, for the tests of what a client does against one: it
// says nothing at all, drips an answer a byte at a time, or answers one fixed thing; and it counts the
// connections it was given and the request lines it read, so a test can show that a refused address was
// never connected to. Raw bytes on SwiftNIO, so it can break HTTP's pace in ways no real server would.
import Foundation
import NIOCore
import NIOPosix
import Synchronization

public final class HostileHTTPServer: Sendable {
    /// How it answers a request.
    public enum Behaviour: Sendable {
        /// Reads the request and never answers.
        case silent
        /// Answers `200` with a body announced as 1 MB and sends it one byte per `interval`, for ever.
        case drip(interval: Duration)
        /// Answers these bytes at once and closes.
        case answer(String)
        /// Answers `status` with these headers and this binary body at once, and closes.
        case bytes(status: Int, headers: [String: String], body: [UInt8])
    }

    /// The port it listens on.
    public let port: Int
    private let channel: any Channel
    private let record: Recorder

    /// Connections accepted so far.
    public var connections: Int { record.seen.withLock { $0.connections } }
    /// The first line of every request read so far (`GET /path HTTP/1.1`).
    public var requestLines: [String] { record.seen.withLock { $0.requestLines } }

    /// Starts listening on `host` (a loopback address), on `port` (0: any free one).
    public init(host: String = "127.0.0.1", port: Int = 0, _ behaviour: Behaviour) async throws {
        let record = Recorder()
        self.record = record
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Connection(behaviour: behaviour, record: record))
                }
            }
            .bind(host: host, port: port).get()
        self.port = channel.localAddress?.port ?? 0
    }

    /// A JSON answer with `status` and `body`, as a server writes it.
    public static func json(status: Int, _ body: String) -> String {
        "HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    /// Stops listening and closes the connections it holds.
    public func stop() async {
        try? await channel.close()
    }

    private final class Recorder: Sendable {
        let seen = Mutex((connections: 0, requestLines: [String]()))
    }

    private final class Connection: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let behaviour: Behaviour
        let record: Recorder
        var received = ""
        var answered = false
        var drip: Scheduled<Void>?
        var pending: ArraySlice<UInt8> = []

        init(behaviour: Behaviour, record: Recorder) {
            self.behaviour = behaviour
            self.record = record
        }

        func channelActive(context: ChannelHandlerContext) {
            record.seen.withLock { $0.connections += 1 }
            context.fireChannelActive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !answered else { return }
            received += String(buffer: unwrapInboundIn(data))
            guard let end = received.range(of: "\r\n\r\n") else { return }
            answered = true
            // By "\r\n", not by Character: CR LF is one Character in Swift.
            let line = String(received[..<end.lowerBound]).components(separatedBy: "\r\n").first ?? ""
            record.seen.withLock { $0.requestLines.append(line) }
            switch behaviour {
            case .silent: break
            case .answer(let text):
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            case .bytes(let status, let headers, let body):
                var head = "HTTP/1.1 \(status) X\r\nConnection: close\r\n"
                for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
                if headers["Content-Length"] == nil { head += "Content-Length: \(body.count)\r\n" }
                let answer = Array((head + "\r\n").utf8) + body
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: answer))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            case .drip(let interval):
                pending = Array("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n".utf8)[...]
                dripNext(context: context, every: TimeAmount(interval))
            }
        }

        /// Writes one byte (of the head, then of the body) and schedules the next.
        private func dripNext(context: ChannelHandlerContext, every interval: TimeAmount) {
            guard context.channel.isActive else { return }
            let byte = pending.popFirst() ?? UInt8(ascii: "a")
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: [byte])), promise: nil)
            drip = context.eventLoop.assumeIsolated().scheduleTask(in: interval) { self.dripNext(context: context, every: interval) }
        }

        func channelInactive(context: ChannelHandlerContext) {
            drip?.cancel()
            context.fireChannelInactive()
        }
    }
}
