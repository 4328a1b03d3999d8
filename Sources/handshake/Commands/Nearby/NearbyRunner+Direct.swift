import HandshakeExchange
import HandshakeNearby

// Meeting without discovery: this device listens and the other connects to the address it was told (for
// networks that carry no multicast, and for tests on loopback). Nothing is advertised.

extension NearbyRunner {
    /// Listens until one session has run to its end; later connections are turned away meanwhile.
    func listenDirectly() async throws {
        let listener = try await NearbyListener.bind(host: options.host, port: options.port)
        reporter.listening(port: listener.port)
        try await serveOne(listener) { transport in await self.drive(transport, role: .responder) != nil }
    }

    /// Serves `listener` until `session` says a claimed connection ended the meeting (true), turning away
    /// connections while one is claimed. Returns when the meeting is over or the task is cancelled.
    func serveOne(_ listener: NearbyListener, _ session: @MainActor @escaping (any ExchangeTransport) async -> Bool) async throws {
        let (done, finished) = AsyncStream.makeStream(of: Void.self)
        let serving = Task {
            try await listener.serve { transport in
                guard await self.claim() else { return }
                if await session(transport) { finished.finish() }
            }
        }
        await withTaskCancellationHandler {
            for await _ in done {}
        } onCancel: {
            finished.finish()
        }
        serving.cancel()
        _ = try? await serving.value
    }
}
