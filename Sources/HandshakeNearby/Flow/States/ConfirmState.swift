// Establishes the one-glance confirm of a nearby exchange: the channel is open, and the person says whether
// their card goes out (with a request), or waits for the other person. Someone who chose this exchange by an
// NFC tap or a typed code, or who named the other person before looking (`requestsAtOnce`), is not asked.

/// The confirm screen.
struct ConfirmState: Sendable, Equatable {
    var facts: SessionFacts
    /// What the person said; `nil` while the question is open.
    var decision: ConfirmDecision?

    /// Arriving on the confirm screen: the card goes at once when the person meant this exchange already.
    static func enter(_ facts: SessionFacts, policy: NearbyFlow.Policy) -> (ConfirmState, [NearbyStep]) {
        guard policy.requestsAtOnce || facts.sharesSecret else { return (ConfirmState(facts: facts), []) }
        let kind = policy.requestKind
        return (ConfirmState(facts: facts, decision: .exchange(kind)), [.sendCard(kind)])
    }

    /// The person's answer.
    mutating func answer(_ answer: NearbyAnswer) throws(NearbyAnswerError) -> [NearbyStep] {
        switch (answer, decision) {
        case (.exchange(let kind), nil), (.exchange(let kind), .wait?):
            decision = .exchange(kind)
            return [.sendCard(kind)]
        case (.wait, nil):
            decision = .wait
            return []
        case (.leave, _):
            return [.close]
        default:
            throw .notNow
        }
    }

    /// Our card could not go out: the question is open again.
    mutating func cardNotSent() {
        decision = nil
    }
}
