// Establishes a connection that remembers why it ended: a reader that swallows the end (waiting for a
// frame that never came) leaves the reason here for whoever must tell the person. The relay ends a room with
// a sentence of its own (a room already full, an address over its limit); without this the typing side of a
// short code knew only that nobody showed the code.
@_spi(Wire) import HandshakeExchange

/// `base`, whose `incoming` records the error that ended it.
struct EndingWatch: ExchangeTransport {
    /// The error the connection ended with, once it has; `nil` while it is open or when it ended cleanly.
    actor Ending {
        private(set) var error: (any Error)?
        func record(_ error: any Error) { self.error = error }
    }

    let base: any ExchangeTransport
    let incoming: AsyncThrowingStream<[UInt8], any Error>
    let ending = Ending()

    /// The base's `incoming` must no longer be read by anyone else.
    init(_ base: any ExchangeTransport) {
        self.base = base
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
        let ending = ending
        let forwarding = Task {
            do {
                for try await chunk in base.incoming { continuation.yield(chunk) }
                continuation.finish()
            } catch {
                await ending.record(error)
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in forwarding.cancel() }
        incoming = stream
    }

    func send(_ bytes: [UInt8]) async throws { try await base.send(bytes) }

    func close() async { await base.close() }
}
