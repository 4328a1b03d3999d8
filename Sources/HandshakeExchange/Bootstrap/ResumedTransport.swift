// A transport handed on after a bootstrap read from it: the bytes the bootstrap read past its own last frame
// come first, then whatever the connection delivers next. It lets the secure channel start on the same
// connection a short code's key exchange ran on without losing a byte. It adds nothing else: sending and
// closing go straight to the connection.

/// The rest of a connection after a bootstrap consumed its first frames.
struct ResumedTransport: ExchangeTransport {
    let base: any ExchangeTransport
    let incoming: AsyncThrowingStream<[UInt8], any Error>

    /// `leftover` is what was read past the bootstrap's frames; the base connection's later bytes follow.
    /// The base's `incoming` must no longer be read by anyone else.
    init(base: any ExchangeTransport, leftover: [UInt8]) {
        self.base = base
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
        if !leftover.isEmpty { continuation.yield(leftover) }
        let forwarding = Task {
            do {
                for try await chunk in base.incoming { continuation.yield(chunk) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in forwarding.cancel() }
        incoming = stream
    }

    func send(_ bytes: [UInt8]) async throws { try await base.send(bytes) }

    func close() async { await base.close() }
}
