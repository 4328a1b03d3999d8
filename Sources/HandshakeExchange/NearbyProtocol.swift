/// The names and labels of the nearby exchange protocol, version 1 (docs/protocols/nearby.md).
///
/// Every hash, signature and key derivation in the protocol is prefixed with one of these labels, so a value
/// computed for one purpose can never be presented as another (a card binding as a server challenge, a
/// short code as a commitment). Each label is ASCII and ends in a NUL byte, so no label is a prefix of
/// another and a label can never run into the data that follows it.
@_spi(Wire) public enum NearbyProtocol {
    /// The protocol version this library speaks; advertised in discovery and bound into every handshake.
    public static let version: UInt8 = 1

    /// The Noise protocol used when the two devices share no secret: both screens then show a short code.
    public static let noiseCompareCode = "Noise_NN_25519_ChaChaPoly_SHA256"
    /// The Noise protocol used when an NFC tap or a typed short code gave both devices a session secret.
    public static let noiseSessionSecret = "Noise_NNpsk0_25519_ChaChaPoly_SHA256"

    /// Starts the Noise prologue, so a Handshake session can never be confused with another Noise protocol.
    static let prologueLabel = label("handshake nearby v1 prologue")
    /// Prefixes the hash of the responder's ephemeral key that it commits to before it sees the initiator's.
    static let commitmentLabel = label("handshake nearby v1 commitment")
    /// Prefixes the handshake hash when deriving the 6-digit code both screens show.
    static let shortCodeLabel = label("handshake nearby v1 short code")
    /// Prefixes a contact's `sigKey` when it is hashed to a group element for common friends (the PSI).
    static let commonFriendsElementLabel = label("handshake nearby v1 common friends element")

    static func label(_ text: StaticString) -> [UInt8] {
        text.withUTF8Buffer { Array($0) } + [0]
    }
}
