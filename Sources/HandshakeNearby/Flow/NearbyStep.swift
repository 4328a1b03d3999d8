// Establishes what the coordinator's state machine asks the coordinator to do: each step is one call on the
// session, the contact book or the clock. The machine decides; the coordinator only performs, and tells the
// machine what came of it.
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeStore

/// One thing to do, from `NearbyFlow`.
enum NearbyStep: Sendable, Equatable {
    /// The channel opened: a token's or code's advertisement stops.
    case channelOpened
    /// Send our card: a request on the confirm screen, or the acceptance of their request.
    case sendCard(RequestKind)
    /// Decline their request.
    case decline
    /// Take our request back.
    case cancelRequest
    /// Ask the contact book what their card is to it (``NearbyFlowInput/previewed(_:)`` answers).
    case preview(SignedCard)
    /// Store their card by the receive rule (``NearbyFlowInput/kept(_:)`` answers).
    case keep(SignedCard, ReceiveAnswer)
    /// Send our note.
    case sendNote(String)
    /// Close the session.
    case close
    /// Close the session after the note grace (``NearbyFlowInput/graceElapsed``).
    case closeAfterGrace
    /// An attempt from the list ended short and the list is back: the session is no longer the exchange, the
    /// people in the list are reached again, and how the attempt ended is said once.
    case backToList(NearbySnapshot.Ended)
    /// Keep the meeting with the contact.
    case recordMeeting(ExchangeRecord, contactID: Int64)
}
