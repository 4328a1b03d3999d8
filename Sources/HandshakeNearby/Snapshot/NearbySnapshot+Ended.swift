// Establishes the end of a nearby exchange as a front end draws it: how it ended, as one outcome with its
// sentence (the session's own ending, the other person leaving after the cards crossed, or the run stopping
// before any session: a time limit, a token or code expired, the person stopping), and what crossed, when the
// cards did, so the success screen stays on screen with its ending under it.
import HandshakeCore
@_spi(Wire) import HandshakeExchange

extension NearbySnapshot {
    /// The exchange is over.
    public struct Ended: Sendable, Equatable {
        /// How it ended.
        public var outcome: Outcome
        /// The session, when a channel opened.
        public var session: Session?
        /// What crossed, when the cards did.
        public var swap: Success?

        /// An ending.
        public init(outcome: Outcome, session: Session?, swap: Success?) {
            self.outcome = outcome
            self.session = session
            self.swap = swap
        }

        /// How a nearby exchange ended.
        public enum Outcome: Sendable, Equatable {
            /// The cards crossed and both sides were done.
            case completed(ExchangeRecord)
            /// The cards crossed, then the other person left before this side was done (their note box
            /// closed, or ours): the exchange is kept.
            case theyLeft(ExchangeRecord)
            /// The session ended short of a completed exchange, as its ending says.
            case session(SessionEnding)
            /// The run ended before a session could (or without one): the error says why.
            case stopped(NearbyCoordinatorError)
        }

        /// The other person's name, as far as this side knows it: their card's, else the one their device
        /// showed in the list; `nil` when neither named them.
        public var theirName: String? {
            swap?.theirCard?.card.name ?? session?.peer?.displayName
        }

        /// The sentence for the person.
        public var sentence: String {
            switch outcome {
            case .completed(let record): SessionEnding.completed(record).description
            case .theyLeft: NearbySentences.leftAfterSwap(theirName)
            case .session(let ending):
                // A card the person added before the session ended short stays: the sentence says so, once, for
                // the screen and for the run's error alike.
                swap?.saving.contact.map { NearbySentences.kept($0.displayName, after: endingSentence(ending)) }
                    ?? endingSentence(ending)
            case .stopped(let error): error.description
            }
        }

        /// The session's ending in the program's words: "they left" names them.
        func endingSentence(_ ending: SessionEnding) -> String {
            if case .theyLeft = ending { return NearbySentences.leftBeforeSwap(theirName) }
            return ending.description
        }

        /// How it ended, as a stable name for a log or a script (`handshake nearby --json`), where
        /// ``sentence`` is for a person: `completed` when the cards crossed (whether or not the other person
        /// left after: ``theyLeftAfterSwap``), the session's ending's `SessionEnding.name` when it ended
        /// short, `stopped` when the run did.
        public var name: String {
            switch outcome {
            case .completed, .theyLeft: "completed"  // as `SessionEnding.completed` names itself
            case .session(let ending): ending.name
            case .stopped: "stopped"
            }
        }

        /// Whether the other person left after the cards crossed, before this side was done: the exchange
        /// is kept (``name`` is `completed`).
        public var theyLeftAfterSwap: Bool {
            if case .theyLeft = outcome { return true }
            return false
        }

        /// The run's error, when the run stopped before a session ended (or without one): the run throws it
        /// too, so a front end that reports the run's failure says it once.
        public var runError: NearbyCoordinatorError? {
            if case .stopped(let error) = outcome { return error }
            return nil
        }

        /// The exchange's record, when the cards crossed and the session closed.
        public var record: ExchangeRecord? {
            switch outcome {
            case .completed(let record), .theyLeft(let record): record
            case .session, .stopped: nil
            }
        }
    }
}
