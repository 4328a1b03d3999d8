// Establishes every reason a VC-JWT card is refused, each with a sentence for the person holding the phone
// (never a command name: the library does not know which program shows it).
import Foundation
import HandshakeCore

/// Why a VC-JWT was not accepted as a card, or could not be written.
public enum VCJWTError: HandshakeError, Equatable {
    /// Longer than any card credential can be; refused before any decoding.
    case tooLarge(bytes: Int, limit: Int)
    /// Not three base64url parts separated by dots.
    case notCompactJWT
    /// The header is not a JSON object with a string `alg`.
    case malformedHeader(String)
    /// `alg: none`: nothing is signed.
    case unsigned
    /// An HMAC algorithm: anyone who can verify can also forge.
    case sharedSecretAlgorithm(String)
    /// Any other algorithm name.
    case unsupportedAlgorithm(String)
    /// The header lists extensions (`crit`) that must be understood; Handshake understands none.
    case criticalHeader
    /// The claims are not a JSON object of the expected shape.
    case malformedClaims(String)
    /// The claims carry no `vc` credential of type `VerifiableCredential`.
    case notACredential
    /// `iss` is not a did:key, so there is no key to check the signature with.
    case issuerNotDIDKey(String)
    /// `iss` is a did:key, but not one Handshake can use.
    case invalidIssuer(DIDKey.ParseError)
    /// The header's `kid` names another DID, or another key of it, than the issuer.
    case keyIDMismatch(kid: String, issuer: String)
    /// The header's `alg` is not one the issuer's key type signs with.
    case algorithmDoesNotMatchKey(alg: String, keyType: String)
    /// The signature does not verify with the issuer's key.
    case badSignature
    /// `nbf` is still ahead.
    case notYetValid(Date)
    /// `exp` has passed.
    case expired(Date)
    /// `sub` (or `credentialSubject.id`) names someone other than the signer.
    case subjectIsNotIssuer(subject: String, issuer: String)
    /// The Handshake card inside the credential does not verify.
    case embeddedCard(CardRejection)
    /// The subject's fields hold text a card could not hold (a control character, a bidirectional override,
    /// a field over its length): refused, never shown.
    case subjectText(CardFieldError)
    /// The Handshake card inside the credential belongs to another key than the credential's signer.
    case embeddedCardFromAnotherKey
    /// A VP token carries no credential to import.
    case emptyPresentation
    /// Writing: the card to export is not this identity's card.
    case notYourCard

    /// The sentence shown to the person.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "This credential is \(bytes) bytes; Handshake reads credentials up to \(limit) bytes."
        case .notCompactJWT:
            return "This is not a signed credential: a VC-JWT is three base64url parts separated by dots."
        case .malformedHeader(let detail):
            return "This credential's header can't be read (\(detail))."
        case .unsigned:
            return "This credential is not signed at all (its algorithm is \"none\"), so anyone could have written it; it was refused."
        case .sharedSecretAlgorithm(let alg):
            return "This credential is signed with \(alg), a shared-secret algorithm: whoever can check it can also forge it, so it was refused. Handshake accepts EdDSA, Ed25519 and ES256."
        case .unsupportedAlgorithm(let alg):
            return "This credential is signed with \"\(alg)\", which Handshake does not accept (only EdDSA, Ed25519 and ES256)."
        case .criticalHeader:
            return "This credential requires extensions (\"crit\") that Handshake does not understand, so it was refused."
        case .malformedClaims(let detail):
            return "This credential's contents can't be read (\(detail))."
        case .notACredential:
            return "This is a signed token, but not a Verifiable Credential (it has no \"vc\" claim of type VerifiableCredential)."
        case .issuerNotDIDKey(let issuer):
            return "This credential's issuer \(UntrustedText.quoted(issuer, limit: 80)) is not a did:key, so Handshake has no key to check its signature with."
        case .invalidIssuer(let error):
            return "This credential's issuer can't be used: \(error.description)"
        case .keyIDMismatch(let kid, let issuer):
            return "This credential says it was signed by \(UntrustedText.inline(kid, limit: 120)), but its issuer is \(issuer): the two must be the same key, so it was refused."
        case .algorithmDoesNotMatchKey(let alg, let keyType):
            return "This credential claims the algorithm \(alg), which a key of type \(keyType) does not sign with: it was refused as forged."
        case .badSignature:
            return "This credential's signature does not match its issuer's key: it was changed after signing, or signed by someone else."
        case .notYetValid(let date):
            return "This credential is not valid until \(date.formatted(.iso8601)); check this device's clock, or ask for a new one then."
        case .expired(let date):
            return "This credential expired on \(date.formatted(.iso8601)); ask its owner for a fresh one."
        case .subjectIsNotIssuer(let subject, let issuer):
            return "This credential describes \(UntrustedText.inline(subject, limit: 80)) but was signed by \(issuer): a contact card must be signed by the person it describes."
        case .embeddedCard(let rejection):
            return "The Handshake card inside this credential was refused: \(rejection.description)"
        case .subjectText(let error):
            return "This credential holds text a contact card may not hold, so it was refused: \(error.description)"
        case .embeddedCardFromAnotherKey:
            return "The Handshake card inside this credential belongs to someone other than the credential's signer, so it was refused."
        case .emptyPresentation:
            return "This presentation carries no credential to import."
        case .notYourCard:
            return "Only your own card can be exported as your credential: this card is signed by another key."
        }
    }
}
