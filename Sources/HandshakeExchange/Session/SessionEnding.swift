import HandshakeCore

/// How a session ended. Every case is a distinct outcome with its own sentence: the requester always
/// learns whether it was declined, cancelled, or unanswered (Solidarity's requester waits forever).
public enum SessionEnding: Sendable, Equatable, CustomStringConvertible {
    /// The cards were swapped and the session then closed (by either side, or idle).
    case completed(ExchangeRecord)
    /// They declined our request.
    case declined
    /// We declined their request.
    case declinedByUs
    /// They took their request back.
    case cancelledByThem
    /// We took our request back.
    case cancelledByUs
    /// Our request had no answer in time.
    case noAnswer
    /// Their request expired before we answered.
    case requestExpired
    /// They left before anything was swapped.
    case theyLeft
    /// We closed the exchange.
    case closed
    /// Nothing happened for the idle time.
    case idle
    /// Something went wrong: the channel, the protocol or a card; nothing from the session was kept.
    case failed(String)

    /// A sentence to show on the ended screen.
    public var description: String {
        switch self {
        case .completed: return "The exchange is complete."
        case .declined: return "They declined. Nothing was exchanged."
        case .declinedByUs: return "You declined. Nothing was exchanged."
        case .cancelledByThem: return "They cancelled their request. Nothing was exchanged."
        case .cancelledByUs: return "You cancelled your request. Nothing was exchanged."
        case .noAnswer: return "No answer came in time. Nothing was exchanged; you can ask again."
        case .requestExpired: return "Their request expired before you answered. Nothing was exchanged."
        case .theyLeft: return "They left the exchange. Nothing was exchanged."
        case .closed: return "You closed the exchange."
        case .idle: return "Nothing happened for a while, so the exchange was closed."
        case .failed(let reason): return reason
        }
    }

    /// The case's name (`completed`, `declinedByUs`, `failed`, …): stable, for machine-readable output such
    /// as `handshake nearby --json` and for tests that list endings, where ``description`` is for a person.
    public var name: String {
        switch self {
        case .completed: "completed"
        case .declined: "declined"
        case .declinedByUs: "declinedByUs"
        case .cancelledByThem: "cancelledByThem"
        case .cancelledByUs: "cancelledByUs"
        case .noAnswer: "noAnswer"
        case .requestExpired: "requestExpired"
        case .theyLeft: "theyLeft"
        case .closed: "closed"
        case .idle: "idle"
        case .failed: "failed"
        }
    }
}
