// Establishes every way the scan router refuses text, each with a sentence saying what the text looks like
// or what was wrong with it.
import HandshakeCore

/// Why scanned text did not give a contact or a request.
public enum ScanError: HandshakeError, Equatable {
    /// Longer than anything the router reads.
    case tooLarge(bytes: Int, limit: Int)
    /// Recognised, and not something Handshake reads (a web link, a Wi-Fi code, plain text…).
    case notAContact(ScanKind)
    /// A Handshake card form that did not verify.
    case card(CardRejection)
    /// A VC-JWT (alone, in a VP token or in an envelope) that was refused.
    case credential(VCJWTError)
    /// A JSON envelope that can't be used.
    case envelope(String)
    /// A `zkProof` envelope: recognised, not supported yet.
    case zeroKnowledgeProofNotSupported
    /// A Freepath card that did not verify.
    case freepath(String)

    /// The sentence shown to the person.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "This is \(bytes) bytes; the scanner reads up to \(limit) bytes."
        case .notAContact(let kind):
            switch kind {
            case .empty: return "There is nothing here to read."
            case .binary: return "This is binary data, not a card or a text Handshake knows."
            case .meCard: return "This looks like a MECARD contact. MECARD has no signature, so Handshake can't verify it; ask for a Handshake card or a vCard instead."
            case .euHealthCertificate: return "This looks like an EU Digital COVID Certificate, not a contact card."
            case .plainText: return "This looks like plain text, not a contact card or a code Handshake knows."
            default: return "This looks like \(kind.looksLike), not a contact card."
            }
        case .card(let rejection):
            return rejection.description
        case .credential(let error):
            return error.description
        case .envelope(let reason):
            return reason
        case .zeroKnowledgeProofNotSupported:
            return "This card is shared as a zero-knowledge proof (zkProof), which Handshake recognises but does not support yet; ask for a signed card instead."
        case .freepath(let reason):
            return reason
        }
    }
}
