// The constants of the short code and its PAKE (docs/protocols/nearby-bootstrap.md): the CPace inputs that
// are fixed by this protocol, the label of the key handed to the channel, the frame types and bounds, and
// the discovery key under which the issuer publishes the code's rendezvous part. It establishes that every
// side reads the same values from one place; it does not check anything itself.

extension NearbyProtocol {
    /// Starts CPace's channel identifier CI, so a run can never be mistaken for CPace used elsewhere.
    static let shortCodeChannelLabel = label("handshake nearby v1 cpace channel")
    /// CPace's ADa: the associated data of the device that typed the code (the initiator).
    static let shortCodeTypedLabel = label("handshake nearby v1 cpace typed")
    /// CPace's ADb: the associated data of the device that shows the code (the responder).
    static let shortCodeShownLabel = label("handshake nearby v1 cpace shown")
    /// HKDF's info when the session secret is derived from CPace's ISK.
    static let shortCodeSecretLabel = label("handshake nearby v1 cpace session secret")

    /// How long an issued short code may be used: five minutes.
    public static let shortCodeLifetime: Double = ShortCodeBook.defaultLifetime
    /// The DNS-SD TXT key under which the device showing a code publishes its rendezvous part (three
    /// characters, as ``ShortCode/rendezvous`` spells it) while the code is open.
    public static let shortCodeRendezvousKey = "c"
    /// The longest PAKE frame body accepted (both are far shorter).
    public static let shortCodeFrameLimit = 256
}

/// The first byte of a PAKE frame body. The values continue the channel's frame types, so one stream can
/// carry the PAKE frames and then the channel's frames without ambiguity.
@_spi(Wire) public enum ShortCodeFrameType: UInt8, Sendable, CustomStringConvertible {
    /// CPace message A, from the device that typed the code: version, sid, Ya.
    case cpaceA = 0x04
    /// CPace message B, from the device that shows the code: Yb and its confirmation tag.
    case cpaceB = 0x05
    /// Over a relay only, from the device that shows the code, with no content: it is in the room, so the
    /// device that typed the code may send message A there (docs/protocols/nearby-relay.md §6).
    case shown = 0x06

    /// The frame type's name, for logs.
    public var description: String {
        switch self {
        case .cpaceA: "CPace message A"
        case .cpaceB: "CPace message B"
        case .shown: "the showing device's arrival"
        }
    }
}
