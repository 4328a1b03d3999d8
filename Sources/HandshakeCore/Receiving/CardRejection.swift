import Foundation

/// Why a card was not accepted. Every case carries a sentence a person understands, because it is shown
/// to the person holding the phone or running the command, not to a developer.
public enum CardRejection: HandshakeError, Equatable {
    /// Larger than any valid card can be; refused before decoding.
    case tooLarge(bytes: Int, limit: Int)
    /// Not CBOR at all, or not in canonical form.
    case malformed(CBORError)
    /// CBOR, but not a COSE_Sign1 envelope Handshake accepts.
    case notSigned(SignedEnvelopeError)
    /// The payload is not a card map.
    case notACard(String)
    /// A schema this version does not read.
    case unsupportedSchema(Int)
    /// A required field is absent.
    case missingField(String)
    /// A field has the wrong type or size.
    case invalidField(String, reason: String)
    /// A field's content breaks a limit or rule.
    case fieldRule(CardFieldError)
    /// The Node ID written in the card is not the one its key yields.
    case nodeIDMismatch(claimed: String, derived: NodeID)
    /// The signature does not verify: the bytes were changed after signing, or signed by another key.
    case badSignature
    /// Dated further ahead of this device's clock than clock drift explains.
    case datedInFuture(updatedAt: UInt64, now: UInt64)
    /// A text form (QR text, code, link, vCard) could not be read.
    case unreadableText(String)

    /// 9999-12-31T23:59:59Z, in seconds since 1970.
    static let lastSecondOf9999: UInt64 = 253_402_300_799

    /// A sentence to show the person who received the card.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "This card is \(bytes) bytes; Handshake accepts cards up to \(limit) bytes."
        case .malformed(let error):
            return "This is not a Handshake card: \(error)."
        case .notSigned(let error):
            return "This is not a signed Handshake card: \(error)."
        case .notACard(let detail):
            return "This is signed, but it is not a Handshake card: \(detail)."
        case .unsupportedSchema(let schema):
            return "This card uses schema \(schema); this version of Handshake reads schema \(ContactCard.schema)."
        case .missingField(let field):
            return "This card has no \(field), which every card must have."
        case .invalidField(let field, let reason):
            return "This card's \(field) is not valid: \(reason)."
        case .fieldRule(let error):
            return "This card breaks a rule: \(error)"
        case .nodeIDMismatch(let claimed, let derived):
            return "This card claims Node ID \(claimed), but its key belongs to Node ID \(derived): it is forged or broken."
        case .badSignature:
            return "This card was changed after it was signed."
        case .datedInFuture(let updatedAt, _):
            // To the second, in UTC; past the year 9999 no calendar both readers share writes it the same way.
            let seconds = updatedAt / 1000
            guard seconds <= Self.lastSecondOf9999 else {
                return "This card is dated after the year 9999, more than a day ahead of this device's clock."
            }
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            return "This card is dated \(date.formatted(.iso8601)), more than a day ahead of this device's clock."
        case .unreadableText(let reason):
            return reason
        }
    }
}
