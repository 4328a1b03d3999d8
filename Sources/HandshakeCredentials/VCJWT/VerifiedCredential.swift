// Establishes what a verified VC-JWT card is: the issuer's did:key whose signature checked out, the fields it
// signed, and the Handshake card inside when there is one. Only VCJWTVerifier makes one.
import Foundation
import HandshakeCore

/// A VC-JWT whose signature, algorithm, key identifier and validity period have been checked.
///
/// What it establishes: the holder of `issuer`'s private key signed these `fields` about themselves. What
/// it does not: who that holder is in person (compare security codes for that). When the credential carries a
/// Handshake card signed by the same key, `handshakeCard` holds it, verified, and is the card to store.
public struct VerifiedCredential: Sendable, Equatable {
    /// The did:key that signed the credential (and that it describes).
    public let issuer: DIDKey
    /// The algorithm its header named (checked against the key type).
    public let algorithm: VCJWTAlgorithm
    /// The contact fields in `credentialSubject`.
    public let fields: CardFields
    /// The signed Handshake card inside the credential, verified and of the same key; `nil` for credentials
    /// made elsewhere (a P-256 wallet's, for example).
    public let handshakeCard: SignedCard?
    /// `nbf`: not valid before this time, when present.
    public let notBefore: Date?
    /// `iat`: when it was issued, when present.
    public let issuedAt: Date?
    /// `exp`: not valid from this time on, when present.
    public let expires: Date?
    /// The compact JWT as it was read.
    public let token: String
    /// The VC Data Model version it was written in.
    public var dataModel: VCDataModel = .v1_1
    /// Whether the credential names a `credentialStatus` (a list its issuer keeps to revoke or suspend it),
    /// which Handshake does not check: "verified" then says nothing of whether it was revoked. Front ends
    /// say so with ``statusSentence``.
    public var statusNotChecked = false

    /// A sentence for a front end to show beside "verified" when ``statusNotChecked``; `nil` otherwise.
    public var statusSentence: String? {
        statusNotChecked
            ? "Its issuer lists a status for it (credentialStatus), which Handshake does not check: it may have been revoked or suspended since it was signed."
            : nil
    }
}
