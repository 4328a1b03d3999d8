// Establishes what a verifier knows after PresentationVerifier accepted an answer: the holder's did:key (a
// pairwise key for this verifier, or the person's own identity when they presented it), the claims disclosed
// and each credential verified. Only PresentationVerifier makes one.
import Foundation
import HandshakeCore

/// A `vp_token` whose presentations and credentials all checked out against the request.
///
/// What it establishes: the holder of `holder`'s private key answered this request (its nonce, for this
/// verifier) with these claims about themselves. What it does not: who that holder is in person, unless the
/// answer carries their Handshake card (`handshakeCard`), which ties the holder to that card's identity.
@_spi(Wire) public struct VerifiedPresentation: Sendable, Equatable {
    /// The did:key that signed every presentation (and that every credential describes).
    public let holder: DIDKey
    /// The verified credentials, by credential query id.
    public let credentials: [String: [VerifiedCredential]]
    /// The contact fields disclosed, merged over the credentials (the first value of each field wins).
    public let fields: CardFields
    /// The Handshake card presented, verified and of `holder`'s key, when the holder presented their identity.
    public let handshakeCard: SignedCard?
    /// The earliest `exp` among the presentations.
    public let expires: Date

    /// The claims disclosed: the fields that hold something, and `handshakeCard` when a card was presented.
    public var disclosedClaims: Set<PresentableClaim> {
        handshakeCard == nil ? fields.presentableClaims : fields.presentableClaims.union([.handshakeCard])
    }
}
