// Establishes what the flow's states between an open channel and the cards crossing (the confirm screen, our
// request out, theirs waiting) have in common: each holds the session's facts, which follow the session as it
// moves, and each stays while the session's screen is of its own kind; on any other screen the flow enters
// that one from the facts (NearbyFlow.follow).
@_spi(Wire) import HandshakeExchange

/// A state of the flow during an open session, before the cards crossed.
protocol OpenSessionStage: Sendable {
    /// What the flow knows of the session.
    var facts: SessionFacts { get set }
    /// Takes `screen` when it is this state's own kind (keeping what it says), or `false`: the session moved on.
    mutating func stays(on screen: SessionState) -> Bool
}

extension ConfirmState: OpenSessionStage {
    func stays(on screen: SessionState) -> Bool {
        if case .confirm = screen { return true }
        return false
    }
}

extension WaitingState: OpenSessionStage {
    func stays(on screen: SessionState) -> Bool {
        if case .waiting = screen { return true }
        return false
    }
}

extension IncomingRequestState: OpenSessionStage {
    mutating func stays(on screen: SessionState) -> Bool {
        guard case .incomingRequest(let updated) = screen else { return false }
        request = updated
        return true
    }
}
