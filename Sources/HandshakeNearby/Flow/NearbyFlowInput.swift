// Establishes what happens to a nearby exchange, as the coordinator's state machine takes it in: the way of
// looking, the session's screens, what the contact book said, what the session refused, the note grace, and
// the run stopping. The person's answers come in separately (`NearbyAnswer`), since they can be refused.
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore

/// Something that happened, for `NearbyFlow.handle(_:)`.
enum NearbyFlowInput: Sendable, Equatable {
    /// What the looking screen shows now (a token handed over, the list started…).
    case looking(NearbySnapshot.Looking.Way)
    /// Nobody was found in time; the sentence says what to check.
    case nobodyFound(String)
    /// The exchange's session is on `state`; `names` are the common friends' names in the person's book.
    case session(SessionState, commonFriendNames: [String])
    /// Our card could not go out (the confirmation gate said no, or the screen moved on).
    case cardNotSent(SessionActionError)
    /// The contact book's view of their card, and who its name says it is (`ContactBook.nameClaim(of:)`).
    case previewed(ReceivePreview, claim: NameClaim = .stranger)
    /// What the receive rule did with their card.
    case kept(ReceiveOutcome)
    /// Their card could not be stored, or checked: the sentence says why.
    case keepFailed(String)
    /// The session refused our note.
    case noteRefused(String, NoteError)
    /// The moment given for their note without one of ours has passed.
    case graceElapsed
    /// The run is stopping (its time limit, or the person left the screen): open questions get their
    /// unanswered answer.
    case stopping
    /// The run is over; `error` says why it did not complete, `nil` when it did.
    case runEnded(NearbyCoordinatorError?)
}
