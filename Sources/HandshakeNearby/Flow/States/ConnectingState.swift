// Establishes the state of a nearby exchange once a connection claimed it, until its secure channel opens:
// how it became the exchange, and the looking screen to go back to when a token's or code's connection fails
// its handshake (the meeting may go on waiting for the right device).

/// A connection is becoming the exchange.
struct ConnectingState: Sendable, Equatable {
    let origin: SessionOrigin
    /// The looking screen it came from.
    let previous: LookingState
}
