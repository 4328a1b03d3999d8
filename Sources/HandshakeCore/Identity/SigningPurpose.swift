/// What a signature by an identity's key is for. Every signature other than a card's covers
/// `label ‖ message`, so a signature made for one purpose never verifies for another: a session binding can
/// never be replayed as a server login, nor a server challenge as a binding.
///
/// Cards are signed apart from these, through COSE (``CardProfile/issueCard(identity:)``): the COSE
/// `Sig_structure` begins with the byte 0x84 (a CBOR array of four), and every label here begins with the
/// ASCII letter `h`, so no card signature is ever a signature for a purpose, or the reverse.
///
/// The set of purposes is closed (the initializer is internal): every label Handshake signs with is listed
/// here, where a reviewer can see that none is a prefix of another.
@_spi(Wire) public struct SigningPurpose: Sendable, Hashable, CustomStringConvertible {
    /// The label prefixed to the message: ASCII, ending in a NUL byte so no label is a prefix of another.
    public let label: [UInt8]

    init(_ text: StaticString) {
        label = text.withUTF8Buffer { Array($0) } + [0]
    }

    /// Binds a card to one nearby session: the signed message is the Noise handshake hash of that session.
    public static let nearbySessionBinding = SigningPurpose("handshake nearby v1 binding")
    /// Proves to a mailbox server that the client holds its key: the signed message is the server's challenge.
    public static let serverChallenge = SigningPurpose("handshake server v1 challenge")
    /// Vouches for a new key: the signed message is a ``KeyMove``'s map of old key, new key and date.
    public static let keyMove = SigningPurpose("handshake key move v1")

    /// Every purpose, for reviews and tests.
    public static let all: [SigningPurpose] = [.nearbySessionBinding, .serverChallenge, .keyMove]

    /// The label as text, for reviews and logs.
    public var description: String { String(decoding: label.dropLast(), as: UTF8.self) }
}
