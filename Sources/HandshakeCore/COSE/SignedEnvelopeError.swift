/// Why bytes are not an acceptable signed envelope (COSE_Sign1, RFC 9052): public, so an app can tell a
/// card that is not signed from one whose signature fails, while the envelope type itself stays wire layer.
public enum SignedEnvelopeError: Error, Sendable, Equatable, CustomStringConvertible {
    case notTagged
    case wrongShape(String)
    case unsupportedAlgorithm(String)
    case criticalHeader

    public var description: String {
        switch self {
        case .notTagged: return "it is not a COSE_Sign1 signed message (tag 18)"
        case .wrongShape(let detail): return "its signed envelope is malformed: \(detail)"
        case .unsupportedAlgorithm(let alg): return "it is signed with algorithm \(alg); Handshake cards use EdDSA (-8)"
        case .criticalHeader: return "it marks header parameters as critical that Handshake does not understand"
        }
    }
}
