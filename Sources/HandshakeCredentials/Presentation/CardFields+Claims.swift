// Establishes how a card's fields are seen as presentable claims: which claims hold something, and the
// fields cut down to a set of claims (the selective disclosure of a fresh credential).
import HandshakeCore

/// A contact's fields seen as the claims of a credential.
extension CardFields {
    /// The card-field claims that hold something (never `handshakeCard`, which is not a field).
    public var presentableClaims: Set<PresentableClaim> {
        Set(presentFields.filter(\.isCredentialClaim).map(PresentableClaim.field))
    }

    /// These fields with only `claims` kept; every other field, and any field a credential does not carry,
    /// is left empty.
    public func keeping(only claims: Set<PresentableClaim>) -> CardFields {
        keeping(only: Set(claims.compactMap(\.cardField).filter(\.isCredentialClaim)))
    }

    /// The fields a credential carries of these: every claim, without the avatar.
    public var credentialClaims: CardFields {
        keeping(only: Set(CardField.allCases.filter(\.isCredentialClaim)))
    }
}
