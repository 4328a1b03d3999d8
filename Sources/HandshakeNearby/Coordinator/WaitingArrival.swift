// Establishes a connection that arrived while the list is open from an address no device in the list
// advertises yet: it waits, with nothing read or sent, until such a device appears (its announcement can come
// a moment after its connection) or `LobbyRules.arrivalGrace` passes. Only then does it become a session, so a
// device that never advertised gets none.
@_spi(Wire) import HandshakeExchange

/// A connection waiting for its device to appear in the list (docs/protocols/nearby-discovery.md §10).
@MainActor
final class WaitingArrival {
    /// How the wait ended.
    enum Outcome {
        /// Its device appeared and the list seated it: the session to run.
        case seated(LobbyConnection)
        /// Its device appeared but the list turned it away (the refusal was shown), or the list closed.
        case turnedAway
        /// No device at its address appeared in time.
        case notListed
    }

    let transport: any ExchangeTransport
    let remote: String
    private var continuation: CheckedContinuation<Outcome, Never>?
    private var outcome: Outcome?

    init(transport: any ExchangeTransport, remote: String) {
        self.transport = transport
        self.remote = remote
    }

    /// Waits until ``end(_:)`` is called (at once if it was already).
    func wait() async -> Outcome {
        if let outcome { return outcome }
        return await withCheckedContinuation { continuation = $0 }
    }

    /// Ends the wait with `outcome`; later calls do nothing.
    func end(_ outcome: Outcome) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        continuation?.resume(returning: outcome)
        continuation = nil
    }
}
