// What a secure channel hands back to the code that drives it: bytes to send, the moment it is established,
// and each message of the layer above. It establishes an order (outputs are in the order they happened); it
// does not send anything itself.

/// One thing the channel produced while reading input.
@_spi(Wire) public enum ChannelOutput: Sendable, Equatable {
    /// Bytes to write to the peer, in order, before anything produced later.
    case send([UInt8])
    /// The handshake completed; what the layer above signs and shows.
    case established(ChannelSummary)
    /// One whole message from the peer, reassembled and authenticated.
    case message(type: UInt8, payload: [UInt8])
}

/// What both ends of an established channel agree on.
@_spi(Wire) public struct ChannelSummary: Sendable, Equatable {
    /// The Noise handshake hash `h` (32 bytes): unique to this session, the value each side's card binding signs.
    public let handshakeHash: [UInt8]
    /// The six digits both screens show in compare-code mode (leading zeros kept); nil with a session secret.
    public let shortCode: String?
    /// The mode the channel ran in.
    public let mode: ChannelMode

    /// A summary as a channel reports it; public so the layers above can build their own in tests.
    public init(handshakeHash: [UInt8], shortCode: String?, mode: ChannelMode) {
        self.handshakeHash = handshakeHash
        self.shortCode = shortCode
        self.mode = mode
    }
}
