// Establishes every reason a verifier refuses a wallet's OpenID4VP answer, each with a sentence: the
// vp_token's shape, the presentation's signature, audience, nonce and times, the credentials inside and
// their binding to the presenter, and whether they answer the query.
import Foundation
import HandshakeCore

/// Why a verifier refused a `vp_token`.
@_spi(Wire) public enum PresentationError: HandshakeError, Equatable {
    /// Longer than a verifier reads; refused before decoding.
    case tooLarge(bytes: Int, limit: Int)
    /// Not a JSON object of credential query ids to arrays of presentations.
    case malformedVPToken(String)
    /// An answer for a credential query the request did not make.
    case unexpectedCredential(String)
    /// No answer for a credential query the request requires.
    case missingCredential(String)
    /// More than one presentation for a query without `multiple`.
    case tooManyPresentations(queryID: String, count: Int)
    /// The presentation's `alg` is `none`.
    case unsigned
    /// The presentation is signed with an HMAC algorithm.
    case sharedSecretAlgorithm(String)
    /// The presentation's signature does not verify with its `iss` key.
    case badSignature
    /// The presentation JWT is refused for another reason its VC-JWT checks gave.
    case presentationRejected(VCJWTError)
    /// `aud` is not this verifier's client_id: the presentation was made for someone else.
    case wrongAudience(found: [String], expected: String)
    /// `nonce` is not this request's: a replayed presentation.
    case wrongNonce
    /// `iat` or `exp` is missing, so the presentation's age can't be checked.
    case missingTimes
    /// `exp` (or `iat` plus the longest lifetime) has passed.
    case expired(Date)
    /// `iat` or `nbf` is ahead of this verifier's clock.
    case notYetValid(Date)
    /// The presentation is valid for longer than this verifier allows.
    case lifetimeTooLong(seconds: Int64, limit: Int64)
    /// The presentation holds no credential.
    case emptyPresentation(String)
    /// A credential inside the presentation is refused.
    case credentialRejected(queryID: String, VCJWTError)
    /// A credential's subject is not the presentation's signer.
    case holderMismatch(credentialSubject: String, presenter: String)
    /// Presentations in one answer are signed by different holders.
    case mixedHolders
    /// The query asks for a format this verifier does not check.
    case unsupportedFormat(queryID: String, format: String)
    /// A credential is not of a type the query accepts.
    case wrongType(queryID: String)
    /// A credential lacks a claim the query requires (or its value is not one the query accepts).
    case missingClaim(queryID: String, path: String)

    /// The sentence shown to the person or written to the verifier's log.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            return "This answer is \(bytes) bytes; at most \(limit) are read."
        case .malformedVPToken(let detail):
            return "This answer's vp_token can't be read: \(detail)."
        case .unexpectedCredential(let id):
            return "This answer holds a credential for \(UntrustedText.quoted(id, limit: 64)), which the request did not ask for; it was refused."
        case .missingCredential(let id):
            return "This answer holds no credential for \(UntrustedText.quoted(id, limit: 64)), which the request requires."
        case .tooManyPresentations(let id, let count):
            return "This answer holds \(count) presentations for \(UntrustedText.quoted(id, limit: 64)), where the request asked for one."
        case .unsigned:
            return "This presentation is not signed at all (its algorithm is \"none\"); it was refused."
        case .sharedSecretAlgorithm(let alg):
            return "This presentation is signed with \(alg), a shared-secret algorithm whoever checks it could also forge; it was refused."
        case .badSignature:
            return "This presentation's signature does not match its holder's key: it was changed after signing, or signed by someone else."
        case .presentationRejected(let error):
            return "This presentation was refused: \(error.description)"
        case .wrongAudience(let found, let expected):
            return "This presentation was made for \(UntrustedText.inline(found.joined(separator: ", "), limit: 120)), not for this verifier (\(UntrustedText.inline(expected, limit: 120))); it was refused."
        case .wrongNonce:
            return "This presentation answers another request (its nonce is not this request's): it is a replay, and was refused."
        case .missingTimes:
            return "This presentation does not say when it was made and until when it is valid (iat and exp), so it was refused."
        case .expired(let date):
            return "This presentation expired on \(date.formatted(.iso8601)); ask the holder to answer again."
        case .notYetValid(let date):
            return "This presentation is dated \(date.formatted(.iso8601)), ahead of this clock; it was refused (check the clocks)."
        case .lifetimeTooLong(let seconds, let limit):
            return "This presentation is valid for \(seconds) seconds; at most \(limit) are accepted, so it was refused."
        case .emptyPresentation(let id):
            return "The presentation for \(UntrustedText.quoted(id, limit: 64)) holds no credential."
        case .credentialRejected(let id, let error):
            return "The credential for \(UntrustedText.quoted(id, limit: 64)) was refused: \(error.description)"
        case .holderMismatch(let subject, let presenter):
            return "The credential describes \(UntrustedText.inline(subject, limit: 80)) but was presented by \(UntrustedText.inline(presenter, limit: 80)): only its own subject may present it, so it was refused."
        case .mixedHolders:
            return "The presentations in this answer are signed by different holders; it was refused."
        case .unsupportedFormat(let id, let format):
            return "The request's credential \(UntrustedText.quoted(id, limit: 64)) is of the format \(UntrustedText.quoted(format, limit: 64)), which this verifier does not check."
        case .wrongType(let id):
            return "The credential for \(UntrustedText.quoted(id, limit: 64)) is not of a type the request accepts."
        case .missingClaim(let id, let path):
            return "The credential for \(UntrustedText.quoted(id, limit: 64)) lacks \(UntrustedText.inline(path, limit: 120)), which the request requires."
        }
    }
}
