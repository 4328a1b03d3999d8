// Establishes the coordinator's state machine: one state for where a nearby exchange is (looking, connecting,
// one screen of the session with its progress, ended), one function that takes what happened and returns what
// to do, one for the person's answers, and the snapshot front ends draw. It holds no session, book or clock:
// the coordinator performs each step and tells the machine what came of it, so tests drive it state by state
// (as swift-nio-ssh's `SSHConnectionStateMachine`, with one state per file under States/).
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore

/// Where a nearby exchange is, and how it moves.
struct NearbyFlow: Sendable, Equatable {
    /// The states, each a screen or a step of the exchange.
    enum State: Sendable, Equatable {
        /// Nothing started yet.
        case idle
        /// Looking for the other device; no connection is the exchange.
        case looking(LookingState)
        /// A connection claimed the exchange; its channel is being set up.
        case connecting(ConnectingState)
        /// The one-glance confirm.
        case confirm(ConfirmState)
        /// Our request is out.
        case waiting(WaitingState)
        /// Their request waits for an answer.
        case incomingRequest(IncomingRequestState)
        /// The cards crossed.
        case succeeded(SucceededState)
        /// Over.
        case ended(EndedState)
    }

    /// What the person has said before the exchange began (the configuration's standing answers).
    struct Policy: Sendable, Equatable {
        /// Send the card as soon as the channel opens, and accept a request at once.
        var requestsAtOnce = false
        /// What a request made without asking sends.
        var requestKind: RequestKind = .exchange
        /// Whether someone new is added at once, or asked about.
        var keeping: NearbyCoordinator.Keeping = .ask
        /// Whether an attempt from the list that ended before the cards crossed gives the list back.
        var backToList = false
    }

    private(set) var state: State = .idle
    let policy: Policy
    /// The list the exchange was claimed from, while an attempt from it is under way: given back when the
    /// attempt ends short (``Policy/backToList``).
    private var listBefore: LookingState?
    /// The run is stopping: nothing goes back to the list any more.
    private var stopping = false

    init(policy: Policy) {
        self.policy = policy
    }

    // MARK: Claiming

    /// A connection asks to become the exchange: only while looking (one at a time, taken before any
    /// suspension, so of two connections at once one is turned away).
    mutating func claim(_ origin: SessionOrigin) -> Bool {
        switch state {
        case .idle:
            state = .connecting(ConnectingState(origin: origin, previous: LookingState()))
        case .looking(let looking):
            state = .connecting(ConnectingState(origin: origin, previous: looking))
            listBefore = origin.peer == nil ? nil : looking
        default:
            return false
        }
        return true
    }

    /// Whether a connection is (or was) the exchange: nothing else may be claimed.
    var isClaimed: Bool {
        switch state {
        case .idle, .looking: false
        default: true
        }
    }

    /// The person chose `peerID` in the list after that person's own request made the exchange, before
    /// answering it (the tap and the request crossed): both chose each other, so their request is drawn as
    /// the confirm screen, whose one button accepts it. Returns whether it was that person's request.
    mutating func chose(_ peerID: String) -> Bool {
        guard case .incomingRequest(var request) = state, request.answer == nil, case .theirRequest(let peer) = request.facts.origin,
            peer.id == peerID
        else { return false }
        request.facts.choseThemToo()
        state = .incomingRequest(request)
        return true
    }

    // MARK: What happened

    /// Takes in what happened; returns what to do, in order.
    mutating func handle(_ input: NearbyFlowInput) -> [NearbyStep] {
        switch input {
        case .looking(let way):
            switch state {
            case .idle: state = .looking(LookingState(way: way))
            case .looking(var looking):
                looking.way = way
                state = .looking(looking)
            default: break
            }
            return []
        case .nobodyFound(let sentence):
            if case .looking(var looking) = state {
                looking.nobodyFound = sentence
                state = .looking(looking)
            }
            return []
        case .session(let screen, let names):
            return sessionMoved(to: screen, names: names)
        case .cardNotSent:
            switch state {
            case .confirm(var confirm):
                confirm.cardNotSent()
                state = .confirm(confirm)
            case .incomingRequest(var request):
                request.cardNotSent()
                state = .incomingRequest(request)
            default: break
            }
            return []
        case .previewed(let preview, let claim):
            let keeping = policy.keeping
            return withSwap { $0.previewed(preview, claim: claim, keeping: keeping) }
        case .kept(let outcome):
            return withSwap { swap in
                swap.saving = .kept(outcome)
                return []
            }
        case .keepFailed(let sentence):
            return withSwap { swap in
                swap.saving = .failed(sentence)
                return []
            }
        case .noteRefused(let text, let reason):
            return withSwap { swap in
                swap.noteRefused(text, reason)
                return []
            }
        case .graceElapsed:
            guard case .succeeded(var success) = state else { return [] }
            let steps = success.graceElapsed()
            state = .succeeded(success)
            return steps
        case .stopping:
            stopping = true
            // An open question about their card gets its unanswered answer: the person can no longer give one.
            return withSwap { swap in swap.keep(answering: \.unanswered) ?? [] }
        case .runEnded(let error):
            let run: EndedState.RunEnd = error.map { .failed($0) } ?? .completed
            switch state {
            case .ended(var ended):
                ended.run = run
                state = .ended(ended)
            default:
                state = .ended(.stopped(run))
            }
            return []
        }
    }

    /// The session moved to `screen`.
    private mutating func sessionMoved(to screen: SessionState, names: [String]) -> [NearbyStep] {
        switch state {
        case .idle, .looking, .ended:
            return []
        case .connecting(let connecting):
            if case .ended(let ending) = screen {
                // A token's or code's connection that never opened its channel: the meeting may go on waiting.
                if connecting.origin == .sharedSecret {
                    state = .looking(connecting.previous)
                    return []
                }
                if let steps = backToList(after: ending, facts: nil) { return steps }
                state = .ended(EndedState.enter(ending, facts: nil, swap: nil).0)
                return []
            }
            guard SessionFacts.isOpen(screen) else { return [] }
            let facts = SessionFacts(origin: connecting.origin, opened: screen, names: names)
            return [.channelOpened] + enter(screen, facts: facts)
        case .confirm(let confirm): return follow(confirm, to: screen, names: names, as: State.confirm)
        case .waiting(let waiting): return follow(waiting, to: screen, names: names, as: State.waiting)
        case .incomingRequest(let request): return follow(request, to: screen, names: names, as: State.incomingRequest)
        case .succeeded(var success):
            success.facts.update(from: screen, names: names)
            switch screen {
            case .succeeded(let updated):
                let steps = success.update(updated)
                state = .succeeded(success)
                return steps
            case .ended(let ending):
                let (ended, steps) = EndedState.enter(ending, facts: success.facts, swap: success)
                state = .ended(ended)
                return steps
            default:
                state = .succeeded(success)
                return []
            }
        }
    }

    /// The session moved while the flow was in `stage`: its facts follow, and it stays on a screen of its own
    /// kind; any other screen is entered from them (leaving the confirm screen, with what it decided).
    private mutating func follow<Stage: OpenSessionStage>(
        _ stage: Stage, to screen: SessionState, names: [String], as wrap: (Stage) -> State
    ) -> [NearbyStep] {
        var stage = stage
        stage.facts.update(from: screen, names: names)
        guard stage.stays(on: screen) else { return enter(screen, facts: stage.facts, after: stage as? ConfirmState) }
        state = wrap(stage)
        return []
    }

    /// Arrives on the session's `screen`, from another state (`confirm` when that was the confirm screen).
    private mutating func enter(_ screen: SessionState, facts: SessionFacts, after confirm: ConfirmState? = nil) -> [NearbyStep] {
        switch screen {
        case .connecting:
            return []
        case .confirm:
            let (next, steps) = ConfirmState.enter(facts, policy: policy)
            state = .confirm(next)
            return steps
        case .waiting(let waiting):
            state = .waiting(WaitingState(facts: facts, kind: waiting.kind, deadline: waiting.deadline))
            return []
        case .incomingRequest(let request):
            let (next, steps) = IncomingRequestState.enter(facts, request: request, after: confirm, policy: policy)
            state = .incomingRequest(next)
            return steps
        case .succeeded(let success):
            let (next, steps) = SucceededState.enter(facts, screen: success)
            state = .succeeded(next)
            return steps
        case .ended(let ending):
            if let steps = backToList(after: ending, facts: facts) { return steps }
            let (next, steps) = EndedState.enter(ending, facts: facts, swap: nil)
            state = .ended(next)
            return steps
        }
    }

    /// An attempt from the list that ended before the cards crossed, by a person's word or the clock (declined,
    /// cancelled, unanswered, left, closed, idle): the list again, as it was, when the policy says so (the seed's
    /// "Declined → back to EX-1"), with how the attempt ended to say once. `nil` when the exchange ends instead:
    /// no list to go back to, the run stopping, or a failure (a channel or a card that did not hold is not
    /// something to try again blindly).
    private mutating func backToList(after ending: SessionEnding, facts: SessionFacts?) -> [NearbyStep]? {
        guard policy.backToList, !stopping, let list = listBefore else { return nil }
        switch ending {
        case .completed, .failed: return nil
        case .declined, .declinedByUs, .cancelledByThem, .cancelledByUs, .noAnswer, .requestExpired, .theyLeft, .closed, .idle: break
        }
        state = .looking(list)
        listBefore = nil
        return [.backToList(EndedState(ending: ending, facts: facts, swap: nil).snapshot)]
    }

    /// Applies `change` to what crossed, on the success screen or after the end.
    private mutating func withSwap(_ change: (inout SucceededState) -> [NearbyStep]) -> [NearbyStep] {
        switch state {
        case .succeeded(var success):
            let steps = change(&success)
            state = .succeeded(success)
            return steps
        case .ended(var ended):
            guard var swap = ended.swap else { return [] }
            var steps = change(&swap)
            ended.swap = swap
            // Kept after the session completed: the meeting goes with the contact now.
            if case .kept = swap.saving { steps += ended.recordMeeting() }
            state = .ended(ended)
            return steps
        default:
            return []
        }
    }

    // MARK: The person's answers

    /// Takes the person's answer on the screen the exchange is on.
    /// - Throws: ``NearbyAnswerError/notNow`` when this screen does not take it (nothing changes).
    mutating func answer(_ answer: NearbyAnswer) throws(NearbyAnswerError) -> [NearbyStep] {
        switch state {
        case .idle, .looking:
            throw .notNow
        case .connecting:
            guard answer == .leave else { throw .notNow }
            return [.close]
        case .confirm(var confirm):
            let steps = try confirm.answer(answer)
            state = .confirm(confirm)
            return steps
        case .waiting(let waiting):
            return try waiting.answer(answer)
        case .incomingRequest(var request):
            let steps = try request.answer(answer)
            state = .incomingRequest(request)
            return steps
        case .succeeded(var success):
            let steps = try success.answer(answer)
            state = .succeeded(success)
            return steps
        case .ended(var ended):
            let steps = try ended.answer(answer)
            state = .ended(ended)
            return steps
        }
    }

    // MARK: What a screen shows

    /// The stage a front end draws; `people` and `chosen` are the list's, for the looking screen.
    func stage(people: [NearbyPerson], chosen: NearbyPerson?) -> NearbySnapshot.Stage {
        switch state {
        case .idle: .notStarted
        case .looking(let looking):
            .looking(NearbySnapshot.Looking(way: looking.way, people: people, chosen: chosen, nobodyFound: looking.nobodyFound))
        case .connecting(let connecting): .connecting(connecting.origin.peer)
        case .confirm(let confirm): .confirm(NearbySnapshot.Confirm(session: confirm.facts.snapshot, decision: confirm.decision))
        case .waiting(let waiting):
            .waiting(NearbySnapshot.Waiting(session: waiting.facts.snapshot, kind: waiting.kind, deadline: waiting.deadline))
        case .incomingRequest(let request): request.stage
        case .succeeded(let success): .succeeded(success.snapshot)
        case .ended(let ended): .ended(ended.snapshot)
        }
    }

    // MARK: Reading the state

    /// How the session ended, once it did.
    var ending: SessionEnding? {
        if case .ended(let ended) = state { return ended.ending }
        return nil
    }

    /// The contact their card is kept as, once it is.
    var keptContact: Contact? {
        switch state {
        case .succeeded(let success): success.saving.contact
        case .ended(let ended): ended.swap?.saving.contact
        default: nil
        }
    }

    /// Whether a question about their card waits for the person (the run waits for it, within its time limit).
    var awaitsKeepAnswer: Bool {
        switch state {
        case .succeeded(let success): success.saving.question != nil
        case .ended(let ended): ended.swap?.saving.question != nil
        default: false
        }
    }

    /// Whether the exchange is an attempt with someone from the list that the person's leaving ends alone,
    /// giving the list back (``Policy/backToList``): connecting to them, the confirm screen, our request
    /// waiting, or their request (declined by leaving).
    var leavingEndsOnlyTheAttempt: Bool {
        guard policy.backToList, !stopping, listBefore != nil else { return false }
        switch state {
        case .connecting, .confirm, .waiting, .incomingRequest: return true
        case .idle, .looking, .succeeded, .ended: return false
        }
    }

    /// Whether the run is over.
    var isOver: Bool {
        if case .ended(let ended) = state { return ended.run != nil }
        return false
    }

    /// Whether the channel opened in this run.
    var channelOpened: Bool {
        switch state {
        case .idle, .looking, .connecting: false
        case .confirm, .waiting, .incomingRequest, .succeeded: true
        case .ended(let ended): ended.facts != nil
        }
    }
}
