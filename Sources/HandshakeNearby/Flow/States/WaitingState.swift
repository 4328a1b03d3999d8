// Establishes the state of a nearby exchange while our request is out: until the other person answers, the
// request is taken back, or the session's deadline passes (the session ends it; every wait has one).
@_spi(Wire) import HandshakeExchange

/// Waiting for their answer.
struct WaitingState: Sendable, Equatable {
    var facts: SessionFacts
    let kind: RequestKind
    let deadline: Duration

    /// The person's answer: only leaving (taking the request back) is possible here.
    func answer(_ answer: NearbyAnswer) throws(NearbyAnswerError) -> [NearbyStep] {
        guard answer == .leave else { throw .notNow }
        return [.cancelRequest]
    }
}
