// Establishes which claims a Handshake wallet can present, and how a DCQL claims path names one. A card's
// optional fields (not its avatar: a credential stays small) and, apart from them, the holder's Handshake
// identity: the signed card and its Node ID, which link the presentation to the person's one identity and
// so are given only when the person allows it (docs/protocols/openid4vp.md, "Identity").

import HandshakeCore

/// A claim of a Handshake card that a verifier can ask for and a person can allow: one of the card fields a
/// credential carries (`CardField.isCredentialClaim`), or the holder's Handshake identity.
///
/// The raw value is the claim's name in `credentialSubject` and on the command line (`--allow`).
public enum PresentableClaim: Sendable, Hashable, CaseIterable, Comparable, Codable, RawRepresentable {
    /// A card field, named in `credentialSubject` as in the card (docs/formats/vc-jwt.md).
    case field(CardField)
    /// The Handshake identity: the card signed by the identity's own key, and its Node ID. Presenting it makes
    /// the presentation linkable to that identity, on purpose.
    case handshakeCard

    /// Every card field a credential carries, in card order, then the identity.
    public static var allCases: [PresentableClaim] {
        CardField.allCases.filter(\.isCredentialClaim).map(PresentableClaim.field) + [.handshakeCard]
    }

    /// The claim's name: the field's raw value, or `handshakeCard`.
    public var rawValue: String {
        switch self {
        case .field(let field): field.rawValue
        case .handshakeCard: "handshakeCard"
        }
    }

    /// The claim named exactly `rawValue`.
    public init?(rawValue: String) {
        guard let claim = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = claim
    }

    /// The card field this claim is, or `nil` for the identity.
    public var cardField: CardField? {
        if case .field(let field) = self { return field }
        return nil
    }

    /// The claim a `credentialSubject` member name stands for: a card field's name (singular spellings too),
    /// `handshakeCard`, or `nodeId` (which only the identity can give).
    public init?(claimName: String) {
        if claimName == "nodeId" || claimName == "handshakeCard" {
            self = .handshakeCard
        } else if let field = CardField(name: claimName), field.isCredentialClaim {
            self = .field(field)
        } else {
            return nil
        }
    }

    /// What a claims path asks of a Handshake card credential.
    enum PathMeaning: Equatable {
        /// One of the card's claims (a deeper path, like one email address, asks for the whole field).
        case claim(PresentableClaim)
        /// Something every Handshake credential carries anyway (`type`, `@context`, `credentialSubject.id`).
        case alwaysPresent
        /// Nothing a Handshake card has.
        case unknown
    }

    /// The meaning of `path`, applied to the credential (`vc`) as OpenID4VP §B.1.2 says; a leading `"vc"` is
    /// read as the same root.
    static func meaning(of path: ClaimsPath) -> PathMeaning {
        var components = path.components[...]
        if components.first == .key("vc") { components = components.dropFirst() }
        guard let first = components.first, case .key(let top) = first else { return .unknown }
        if top == "type" || top == "@context" { return .alwaysPresent }
        guard top == "credentialSubject" else { return .unknown }
        let rest = components.dropFirst()
        guard let second = rest.first else { return .unknown }
        guard case .key(let member) = second else { return .unknown }
        if member == "id" { return rest.count == 1 ? .alwaysPresent : .unknown }
        guard let claim = PresentableClaim(claimName: member) else { return .unknown }
        return .claim(claim)
    }

    /// Orders claims as the card's fields, the identity last.
    public static func < (lhs: PresentableClaim, rhs: PresentableClaim) -> Bool {
        let all = Self.allCases
        return all.firstIndex(of: lhs) ?? 0 < all.firstIndex(of: rhs) ?? 0
    }
}
