// Establishes what a nearby exchange asks of its front end: to show each event, and the person's
// decisions at the moments the seed's screens ask for one (exchange on the confirm screen, accept a
// request, add the card, write a note). A terminal program answers from its flags or a prompt; an app
// from the buttons the person taps. The coordinator waits for each answer; the session's own timeouts
// keep running meanwhile, so an unanswered question ends with the session, never hangs it.
import HandshakeCore
import HandshakeExchange

/// The front end of a nearby exchange: a screen, a terminal, or a script.
@MainActor
public protocol NearbyFrontEnd: AnyObject {
    /// Shows `event`. Called in the order things happen, before any decision that follows from them.
    func show(_ event: NearbyEvent)
    /// On the confirm screen (once per session): exchange now, or wait for the other person.
    func decideOnConfirm(_ screen: ConfirmScreen) async -> ConfirmDecision
    /// The other person asks to exchange: `true` to accept, `false` to decline.
    func decideOnRequest(from card: SignedCard) async -> Bool
    /// Their card of someone new arrived: `true` to add it to the contacts (a newer card of a known contact
    /// is applied without asking).
    func decideToKeep(_ card: SignedCard) async -> Bool
    /// The note to send them once the cards crossed; `nil` to send none. Asked once, after the card was kept.
    func noteToSend() async -> String?
}

/// What to do on the confirm screen.
public enum ConfirmDecision: Sendable, Equatable {
    /// Send our card with a request (`.exchange`), or give it only (`.give`).
    case exchange(RequestKind)
    /// Do nothing yet: the other person may send a request.
    case wait
}
