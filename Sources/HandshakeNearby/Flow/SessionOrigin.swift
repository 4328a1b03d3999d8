// Establishes how a connection became the exchange, which decides what the person has said already: someone
// who chose the other person in the list said yes to them (their request, if it is here first, is drawn as the
// confirm screen, never as a request to answer); both people of an NFC tap or a typed code said yes by
// meeting that way; a request from someone in the list, or a direct connection, asks first.

/// How the session with the other device became this run's exchange.
enum SessionOrigin: Sendable, Equatable {
    /// The person chose this device in the list of people nearby.
    case chosen(NearbyPeer)
    /// This device's request in the list made it the exchange (the person has not said yes yet).
    case theirRequest(NearbyPeer)
    /// A direct connection (listening, or connecting to an address): no list.
    case direct
    /// An NFC tap's token or a typed short code: both people meant this exchange.
    case sharedSecret

    /// The person in the list the session is with.
    var peer: NearbyPeer? {
        switch self {
        case .chosen(let peer), .theirRequest(let peer): peer
        case .direct, .sharedSecret: nil
        }
    }
}
