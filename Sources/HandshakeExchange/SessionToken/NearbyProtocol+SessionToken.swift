// The constants of the NFC session token (docs/protocols/nearby-bootstrap.md): its NDEF record type, the
// payload version, the bounds every decoder holds it to, and the discovery key under which the issuer
// publishes the token's rendezvous identifier. It establishes one source for these values; the codec
// enforces them.

extension NearbyProtocol {
    /// The NFC Forum external type name of the token's record (TNF 0x04), as written on the tag.
    /// Readers compare it without regard to case, as the NFC Forum RTD specification requires.
    public static let sessionTokenRecordType = "handshake.app:session"
    /// The external type name of the record that names the relay the issuer waits at (its payload: the
    /// relay's origin in ASCII, at most 255 bytes), beside the token's record in one message.
    public static let relayRecordType = "handshake.app:relay"
    /// The version byte that starts the token's payload.
    public static let sessionTokenVersion: UInt8 = 1
    /// The longest a token may be valid after it is issued, in seconds.
    public static let sessionTokenLifetime: Double = SessionToken.longestLifetime
    /// How far a reader's clock may lag the issuer's: a token whose expiry is further ahead than the lifetime
    /// plus this is refused as not made by a Handshake device.
    public static let sessionTokenClockSkew: Double = 60
    /// The most endpoints (address and port) a token carries.
    public static let sessionTokenMaximumEndpoints = 4
    /// The longest NDEF message the decoder reads; tags hold far less, and a token is under 160 bytes.
    public static let sessionTokenMessageLimit = SessionToken.longestMessage
    /// The DNS-SD TXT key under which the issuer publishes the token's rendezvous identifier (32 lowercase
    /// hexadecimal digits, as ``SessionToken/rendezvousText`` spells it) while the token is valid.
    public static let sessionTokenRendezvousKey = "t"
}
