// Establishes the questions a nearby exchange asks the person, one at a time, each on the screen it belongs
// to, and the answers a front end gives back: a button, a prompt's choice, or a script's flag. The
// coordinator takes each answer only while its question is open (or on the screen that offers it), so an
// answer from a page drawn earlier changes nothing once the exchange moved on.
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore

/// A question waiting for the person.
public enum NearbyQuestion: Sendable, Equatable {
    /// The confirm screen: exchange cards now? (`theirRequest`: they asked already, so this accepts.)
    case exchange(theirRequest: SignedCard?)
    /// Their request: accept or decline.
    case request(SignedCard)
    /// Their card: add it (or merge it into a contact it matches)?
    case keep(NearbyKeepQuestion)
    /// The note box is open: write a note, or none.
    case note
}

/// The person's answer, or action, on the screen they are on.
public enum NearbyAnswer: Sendable, Equatable {
    /// The confirm screen's button: our card goes with a request (or, given only, `.give`); when their
    /// request is here, it accepts it. On their request's screen, it accepts.
    case exchange(RequestKind)
    /// The confirm screen: not yet; the other person may ask.
    case wait
    /// Accept their request.
    case accept
    /// On their request's screen (EX-4, or its banner): before accepting, show our own card as it will be sent,
    /// with the common friends and one button (EX-2, the seed's order). That button accepts (``exchange(_:)``).
    case review
    /// Decline their request.
    case decline
    /// Keep their card as the book's rule allows (`.add`, `.addSeparately`, `.merge(into:)`, `.ignore`).
    case keep(ReceiveAnswer)
    /// Send this note (checked first: a refused one stays in the box with its reason).
    case note(String)
    /// No note.
    case noNote
    /// Leave: take our request back while it waits, decline theirs, or close the session (Done).
    case leave
}

/// Why an answer was not taken.
public enum NearbyAnswerError: HandshakeError, Equatable {
    /// The exchange is not on a screen that takes it (it moved on, or never got there).
    case notNow

    /// A sentence for the person.
    public var description: String {
        switch self {
        case .notNow: "The exchange has moved on; that answer no longer applies."
        }
    }
}
