// The waits the meetings share, each ending at a deadline with a sentence, never a hang: the issuing side
// waits for one connection until its token or code expires; the other side browses for the one device
// advertising the rendezvous it holds; a listener serves until one session ran.
import Foundation
@_spi(Wire) import HandshakeExchange

extension NearbyCoordinator {
    enum WaitOutcome { case served, expired }

    /// Runs `serve` until it returns, or until `expiry` when no channel has opened by then (advertising
    /// stops at expiry in any case).
    func untilExpiry(_ expiry: Date, _ advertiser: NearbyAdvertiser, _ serve: @escaping @MainActor () async throws -> Void) async throws
        -> WaitOutcome
    {
        try await withThrowingTaskGroup(of: WaitOutcome.self) { group in
            group.addTask {
                try await serve()
                return .served
            }
            group.addTask {
                try await Task.sleep(for: .seconds(max(0, expiry.timeIntervalSinceNow)))
                await advertiser.stop()
                return await self.flow.channelOpened ? .served : .expired
            }
            defer { group.cancelAll() }
            for try await outcome in group {
                // At expiry with a session under way, go on until it ends.
                if outcome == .served, !flow.channelOpened || flow.ending != nil || currentSession == nil { return .served }
                if outcome == .expired { return .expired }
            }
            return .served
        }
    }

    /// How long to go on listening after the first matching peer, when the match must be the only one.
    /// mDNS responders answer a query within 20–120 ms (RFC 6762 §6), so a second device advertising the
    /// same rendezvous has been heard by then.
    nonisolated static let uniquenessWindow: Duration = .seconds(1)

    /// Browses until a peer that `matches` is found (with at least one address), or `deadline` passes.
    /// With `ambiguity` (the sentence to end with), a second matching device heard within
    /// ``uniquenessWindow`` ends the search with that sentence: a short code's rendezvous part is only three
    /// characters, and no device may guess which one shows the code (docs/protocols/nearby-bootstrap.md §3.6).
    func findPeer(
        until deadline: Date, what: String, ambiguity: String? = nil, _ matches: @escaping @Sendable (NearbyPeer) -> Bool
    ) async throws -> NearbyPeer {
        let browser = NearbyBrowser(interface: configuration.interface.map(DiscoveryInterface.named) ?? .automatic)
        do { try await browser.start() } catch { throw NearbyCoordinatorError.unavailable(error) }
        apply(.looking(.lookingFor(what: what)))
        let unique = ambiguity != nil
        let heard = MatchingPeers()
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in browser.events {
                        switch event {
                        case .found(let peer), .updated(let peer):
                            guard matches(peer), !peer.addresses.isEmpty else { continue }
                            let heardSoFar = await heard.add(peer)
                            if heardSoFar > 0 && (!unique || heardSoFar > 1) { return }
                        case .lost, .nobodyFound:
                            continue
                        }
                    }
                }
                if unique {
                    // Ends the wait once the window after the first match has passed, even when nothing more is heard.
                    group.addTask {
                        while true {
                            try await Task.sleep(for: .milliseconds(100))
                            if let first = await heard.firstHeard, ContinuousClock.now >= first + Self.uniquenessWindow { return }
                        }
                    }
                }
                group.addTask { try await Task.sleep(for: .seconds(max(0, deadline.timeIntervalSinceNow))) }
                defer { group.cancelAll() }
                try await group.next()
            }
        } catch {
            await browser.stop()
            throw error
        }
        let found = await heard.peers
        await browser.stop()
        // Stopped by the run's time limit or the person: that is what the run says, not that nobody was found.
        try Task.checkCancellation()
        guard let first = found.first else { throw NearbyCoordinatorError.notFound(what: what) }
        if found.count > 1, let ambiguity { throw NearbyCoordinatorError.ambiguous(ambiguity) }
        return first
    }

    /// Listens until one session has run to its end; later connections are turned away meanwhile.
    func listenDirectly() async throws {
        let listener = try await NearbyListener.bind(host: configuration.host, port: configuration.port)
        apply(.looking(.listening(port: listener.port)))
        try await serveOne(listener, origin: .direct) { transport in await self.drive(transport, role: .responder) != nil }
    }

    /// Serves `listener` until `session` says a claimed connection ended the meeting (true), turning away
    /// connections while one is claimed (each claimed as `origin`). Returns when the meeting is over or the task
    /// is cancelled.
    func serveOne(
        _ listener: NearbyListener, origin: SessionOrigin, _ session: @MainActor @escaping (any ExchangeTransport) async -> Bool
    ) async throws {
        let (done, finished) = AsyncStream.makeStream(of: Void.self)
        let serving = Task {
            try await listener.serve { transport in
                guard await self.claim(origin) else { return }
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

/// The matching peers heard so far, each once, and when the first was heard.
private actor MatchingPeers {
    private(set) var peers: [NearbyPeer] = []
    private(set) var firstHeard: ContinuousClock.Instant?

    /// How many matching peers have been heard, `peer` included; 0 when it was heard before.
    func add(_ peer: NearbyPeer) -> Int {
        guard !peers.contains(where: { $0.id == peer.id }) else { return 0 }
        peers.append(peer)
        if firstHeard == nil { firstHeard = .now }
        return peers.count
    }
}
