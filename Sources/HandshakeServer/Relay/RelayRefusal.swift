// Establishes why the relay turns a connection away or ends a room, and how each is said on the wire: a
// WebSocket close code of the 4000 range (RFC 6455 §7.4.2 leaves it to applications) with a sentence as its
// reason. A refusal comes after the upgrade, as a close, so a client of any WebSocket library reads the same
// code it would read for a room that ended.
import NIOWebSocket

/// Why a relay connection was refused or its room ended.
enum RelayRefusal: String, Error, Sendable, Equatable {
    /// Two are in the room already.
    case roomFull
    /// The room was used and has ended; it is not opened again.
    case roomUsed
    /// This address holds or opened as many relay connections as it may.
    case addressBusy
    /// The instance holds as many relay connections as it may.
    case relayBusy
    /// Nobody joined within the waiting time.
    case nobodyCame
    /// Nothing moved for the silence time, or the room's lifetime ran out.
    case timeUp
    /// The room carried all it may, or one message was larger than one may be.
    case tooMuch
    /// A text message: the relay carries bytes only.
    case notBytes

    /// The close code (docs/protocols/nearby-relay.md §3).
    var code: WebSocketErrorCode {
        switch self {
        case .roomFull: .unknown(4409)
        case .roomUsed: .unknown(4410)
        case .addressBusy: .unknown(4429)
        case .relayBusy: .unknown(4503)
        case .nobodyCame: .unknown(4404)
        case .timeUp: .unknown(4408)
        case .tooMuch: .unknown(4413)
        case .notBytes: .unacceptableData
        }
    }

    /// The reason sent with the close, for a person reading a log (a client says its own words).
    var reason: String {
        switch self {
        case .roomFull: "Two are in this room already."
        case .roomUsed: "This room was used and has ended."
        case .addressBusy: "Too many relay connections from this address; try again in a minute."
        case .relayBusy: "The relay is busy; try again in a minute."
        case .nobodyCame: "Nobody joined this room in time."
        case .timeUp: "This room's time is up."
        case .tooMuch: "This room carried as much as a room may."
        case .notBytes: "The relay carries binary messages only."
        }
    }
}
