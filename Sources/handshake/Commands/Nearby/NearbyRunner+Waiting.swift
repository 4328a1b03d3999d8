import Foundation
import HandshakeExchange
import HandshakeNearby

// The two waits the bootstrapped meetings share: the issuing side waits for one connection until its token
// or code expires; the other side browses for the one device advertising the rendezvous it holds. Both end
// at a deadline with a sentence, never a hang.

extension NearbyRunner {
    enum WaitOutcome { case served, expired }

    /// Runs `serve` until it returns, or until `expiry` when no channel has opened by then (advertising
    /// stops at expiry in any case).
    func untilExpiry(_ expiry: Date, _ advertiser: NearbyAdvertiser, _ serve: @escaping @MainActor () async throws -> Void) async throws -> WaitOutcome {
        try await withThrowingTaskGroup(of: WaitOutcome.self) { group in
            group.addTask {
                try await serve()
                return .served
            }
            group.addTask {
                try await Task.sleep(for: .seconds(max(0, expiry.timeIntervalSinceNow)))
                await advertiser.stop()
                return await self.channelOpened ? .served : .expired
            }
            defer { group.cancelAll() }
            for try await outcome in group {
                // At expiry with a session under way, go on until it ends.
                if outcome == .served, !channelOpened || ending != nil || session == nil { return .served }
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
    /// characters, and the program must not guess which device shows the code (docs/protocols/nearby-bootstrap.md, section 3.6).
    func findPeer(
        until deadline: Date, what: String, ambiguity: String? = nil, _ matches: @escaping @Sendable (NearbyPeer) -> Bool
    ) async throws -> NearbyPeer {
        let browser = NearbyBrowser(interface: options.interface.map(DiscoveryInterface.named) ?? .automatic)
        do { try await browser.start() } catch { throw CommandFailure(Self.unavailable(error)) }
        reporter.emit("looking", ["for": what], text: "Looking for \(what)…")
        let unique = ambiguity != nil
        let heard = MatchingPeers()
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
        let found = await heard.peers
        await browser.stop()
        guard let first = found.first else {
            throw CommandFailure("No device nearby is waiting: \(what) was not found in time. Are both devices on the same network?")
        }
        if found.count > 1, let ambiguity { throw CommandFailure(ambiguity) }
        return first
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
