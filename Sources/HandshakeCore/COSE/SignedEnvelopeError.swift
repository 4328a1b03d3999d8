/// Why bytes are not an acceptable signed envelope (COSE_Sign1, RFC 9052): public, so an app can tell a
/// card that is not signed from one whose signature fails, while the envelope type itself stays wire layer.
public enum SignedEnvelopeError: HandshakeError, Equatable {
    /// The bytes are CBOR, but not a COSE_Sign1 message (tag 18): not a signed card at all.
    case notTagged
    /// A COSE_Sign1 message whose parts are missing or of the wrong type; the detail says which.
    case wrongShape(String)
    /// Signed with an algorithm other than EdDSA, which no Handshake card uses.
    case unsupportedAlgorithm(String)
    /// Header parameters marked critical that Handshake does not understand, so it may not ignore them.
    case criticalHeader

    /// A sentence to show the person who tried to read the card.
    public var description: String {
        switch self {
        case .notTagged: return "it is not a COSE_Sign1 signed message (tag 18)"
        case .wrongShape(let detail): return "its signed envelope is malformed: \(detail)"
        case .unsupportedAlgorithm(let alg): return "it is signed with algorithm \(alg); Handshake cards use EdDSA (-8)"
        case .criticalHeader: return "it marks header parameters as critical that Handshake does not understand"
        }
    }
}
