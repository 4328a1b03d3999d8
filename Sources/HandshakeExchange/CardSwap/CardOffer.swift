@_spi(Wire) import HandshakeCore

/// A card as it crosses a nearby session: the signed card bytes and the sender's session binding.
///
/// The bytes are not trusted here; `SessionBinding/verify(_:handshakeHash:senderRole:now:)` runs them
/// through the one receive pipeline of HandshakeCore and then checks the binding.
@_spi(Wire) public struct CardOffer: Sendable, Equatable {
    /// The COSE_Sign1 card bytes, exactly as the sender's profile issued them.
    public let cardBytes: [UInt8]
    /// The sender's Ed25519 signature binding these bytes to this session (`SessionBinding`).
    public let binding: [UInt8]

    /// An offer from a signed card's bytes and the binding signed over this session's handshake hash.
    public init(cardBytes: [UInt8], binding: [UInt8]) {
        self.cardBytes = cardBytes
        self.binding = binding
    }

    var pairs: [CBORPair] {
        [CBORPair(.int(SessionMessage.Key.card), .bytes(cardBytes)), CBORPair(.int(SessionMessage.Key.binding), .bytes(binding))]
    }

    init(_ fields: [Int: CBOR], in type: MessageType) throws(MessageError) {
        guard case .bytes(let card)? = fields[SessionMessage.Key.card] else { throw .malformed(type, "it carries no card") }
        guard case .bytes(let binding)? = fields[SessionMessage.Key.binding], binding.count == 64 else {
            throw .malformed(type, "its card carries no 64-byte session signature")
        }
        self.init(cardBytes: card, binding: binding)
    }
}
