@_spi(Wire) import HandshakeExchange
import NIOCore

/// An `ExchangeTransport` over a connected NIO stream channel, for as long as the channel's scope lasts.
///
/// What it does: moves bytes, in order, both ways, and ends `incoming` when the other side closes or the
/// connection breaks. What it does not: frame, bound or interpret anything — the secure channel above does
/// all of that, so this stays a pipe.
struct StreamTransport: ExchangeTransport {
    let incoming: AsyncThrowingStream<[UInt8], any Error>
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    let endIncoming: @Sendable () -> Void

    func send(_ bytes: [UInt8]) async throws {
        try await outbound.write(ByteBuffer(bytes: bytes))
    }

    func close() async {
        outbound.finish()
        endIncoming()
    }

    /// Runs `body` with a transport over `channel`, then closes the channel.
    static func run<Result: Sendable>(
        on channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>, _ body: @Sendable @escaping (any ExchangeTransport) async throws -> Result
    ) async throws -> Result {
        try await channel.executeThenClose { inbound, outbound in
            let (incoming, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
            let transport = StreamTransport(incoming: incoming, outbound: outbound, endIncoming: { continuation.finish() })
            return try await runBesideReader({
                do {
                    for try await buffer in inbound { continuation.yield(Array(buffer.readableBytesView)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }, { try await body(transport) })
        }
    }
}

/// Runs `body` beside `read` (which feeds a transport's `incoming` until its connection ends) and gives the
/// body's result; the reader stops with it. What a transport over a connection of any kind does.
func runBesideReader<Result: Sendable>(
    _ read: @Sendable @escaping () async -> Void, _ body: @Sendable @escaping () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask {
            await read()
            return nil
        }
        group.addTask { try await body() }
        while let next = try await group.next() {
            if let result = next {
                group.cancelAll()
                return result
            }
        }
        throw CancellationError()
    }
}
