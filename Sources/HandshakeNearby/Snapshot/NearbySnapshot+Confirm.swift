// Establishes the one-glance confirm of a nearby exchange (EX-2) and the request screens around it: the
// confirm screen (the person's own card goes out with one button; when the other person's request is already
// here, that button accepts it, so two people who chose each other never see a request to answer), waiting
// for their answer until the session's deadline (EX-3), and their request to answer (EX-4).
import HandshakeCore
@_spi(Wire) import HandshakeExchange

extension NearbySnapshot {
    /// The confirm screen: who is there, what both would share, one button.
    public struct Confirm: Sendable, Equatable {
        /// The session.
        public var session: Session
        /// Their request, when it is here already (they chose too): exchanging accepts it.
        public var theirRequest: SignedCard?
        /// What the person answered; `nil` while the question is open.
        public var decision: ConfirmDecision?
        /// When their request expires, when it is here (``theirRequest``), on the session's monotonic clock
        /// (``NearbyCoordinator/secondsLeft(until:)``): the screen counts down to the same instant as theirs.
        public var requestDeadline: Duration?

        /// A confirm screen.
        public init(session: Session, theirRequest: SignedCard? = nil, decision: ConfirmDecision? = nil, requestDeadline: Duration? = nil) {
            self.session = session
            self.theirRequest = theirRequest
            self.decision = decision
            self.requestDeadline = requestDeadline
        }
    }

    /// Our request is out.
    public struct Waiting: Sendable, Equatable {
        /// The session.
        public var session: Session
        /// Both cards, or ours only.
        public var kind: RequestKind
        /// When the request expires, on the session's monotonic clock (``NearbyCoordinator/secondsLeft(until:)``).
        public var deadline: Duration

        /// A waiting screen.
        public init(session: Session, kind: RequestKind, deadline: Duration) {
            self.session = session
            self.kind = kind
            self.deadline = deadline
        }
    }

    /// Their request.
    public struct Request: Sendable, Equatable {
        /// The session.
        public var session: Session
        /// Their card, verified and bound to this session.
        public var theirCard: SignedCard
        /// Both cards, or theirs only.
        public var kind: RequestKind
        /// When it expires, on the session's monotonic clock.
        public var deadline: Duration
        /// What the person answered; `nil` while the question is open.
        public var answer: RequestAnswer?

        /// A request screen.
        public init(session: Session, theirCard: SignedCard, kind: RequestKind, deadline: Duration, answer: RequestAnswer? = nil) {
            self.session = session
            self.theirCard = theirCard
            self.kind = kind
            self.deadline = deadline
            self.answer = answer
        }
    }
}

/// What the person said on the confirm screen.
public enum ConfirmDecision: Sendable, Equatable {
    /// Send our card with a request (`.exchange`), or give it only (`.give`); accepts their request when it
    /// is here.
    case exchange(RequestKind)
    /// Do nothing yet: the other person may send a request.
    case wait
}

/// What the person said to their request.
public enum RequestAnswer: Sendable, Equatable {
    /// Accepted: our card goes to them.
    case accept
    /// Declined: nothing is sent.
    case decline
}
