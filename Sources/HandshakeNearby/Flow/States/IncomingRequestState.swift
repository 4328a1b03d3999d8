// Establishes the state of a nearby exchange while the other person's request waits for an answer. A person
// who already said yes is not asked: they said "exchange" on the confirm screen while the request was on its
// way (the exchange under way accepts it), or meant this exchange by a token, a code or a choice made before
// looking. A person who chose the other in the list sees the request as the confirm screen's one button.
import HandshakeCore
@_spi(Wire) import HandshakeExchange

/// Their request.
struct IncomingRequestState: Sendable, Equatable {
    var facts: SessionFacts
    var request: IncomingRequestScreen
    /// What the person answered; `nil` while the question is open.
    var answer: RequestAnswer?
    /// The person said Accept and sees their own card first (EX-2): the confirm screen's button accepts.
    var reviewing = false

    /// Arriving with their request, from `confirm` when the confirm screen came first.
    static func enter(
        _ facts: SessionFacts, request: IncomingRequestScreen, after confirm: ConfirmState?, policy: NearbyFlow.Policy
    ) -> (IncomingRequestState, [NearbyStep]) {
        // Said "exchange" already: the exchange on its way is the acceptance (asking the gate twice would not be).
        if case .exchange? = confirm?.decision { return (IncomingRequestState(facts: facts, request: request, answer: .accept), []) }
        if policy.requestsAtOnce || facts.sharesSecret {
            return (IncomingRequestState(facts: facts, request: request, answer: .accept), [.sendCard(.exchange)])
        }
        return (IncomingRequestState(facts: facts, request: request), [])
    }

    /// The person's answer.
    mutating func answer(_ answer: NearbyAnswer) throws(NearbyAnswerError) -> [NearbyStep] {
        guard self.answer == nil else { throw .notNow }
        switch answer {
        case .accept, .exchange:
            self.answer = .accept
            return [.sendCard(.exchange)]
        case .review:
            reviewing = true
            return []
        case .decline, .leave:
            self.answer = .decline
            return [.decline]
        default:
            throw .notNow
        }
    }

    /// Our card could not go out: the question is open again.
    mutating func cardNotSent() {
        if answer == .accept { answer = nil }
    }

    /// As a screen shows it: the confirm screen (whose one button accepts) for a person who chose them, or who
    /// said Accept and looks at their own card first; else their request.
    var stage: NearbySnapshot.Stage {
        let chose = if case .chosen = facts.origin { true } else { false }
        guard chose || reviewing else {
            return .incomingRequest(
                NearbySnapshot.Request(session: facts.snapshot, theirCard: request.theirCard, kind: request.kind, deadline: request.deadline, answer: answer))
        }
        let decision: ConfirmDecision? = answer == .accept ? .exchange(.exchange) : (answer == .decline ? .wait : nil)
        return .confirm(
            NearbySnapshot.Confirm(session: facts.snapshot, theirRequest: request.theirCard, decision: decision, requestDeadline: request.deadline))
    }
}
