// Establishes how a device waiting in a relay room learns that the other side has come: by its first bytes,
// since the room itself says nothing. The transport it then hands the session gives those bytes again first,
// then the rest, in order, so the session reads the stream whole.
@_spi(Wire) import HandshakeExchange

/// A transport whose first bytes have come, read again from the start.
struct ArrivedTransport: ExchangeTransport {
    let incoming: AsyncThrowingStream<[UInt8], any Error>
    let base: any ExchangeTransport
    let pump: Task<Void, Never>

    func send(_ bytes: [UInt8]) async throws { try await base.send(bytes) }

    func close() async {
        await base.close()
        pump.cancel()
    }

    /// `transport` once its first bytes have come, or `nil` when it ends (or is cancelled) before any came.
    static func awaitingArrival(of transport: any ExchangeTransport) async -> ArrivedTransport? {
        let (incoming, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self)
        let (arrival, arrived) = AsyncStream.makeStream(of: Void.self)
        let pump = Task {
            do {
                for try await chunk in transport.incoming {
                    continuation.yield(chunk)
                    arrived.yield()
                    arrived.finish()
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
            arrived.finish()
        }
        var came = false
        await withTaskCancellationHandler {
            for await _ in arrival { came = true }
        } onCancel: {
            arrived.finish()
        }
        guard came else {
            pump.cancel()
            return nil
        }
        return ArrivedTransport(incoming: incoming, base: transport, pump: pump)
    }
}
