import Foundation
import HandshakeCore

/// A person in the contact book, as the rest of Handshake sees them.
///
/// The card side (`nodeID`, keys, `signedCard`, `details`) changes only when a newer signed card of the
/// same person arrives; the local side (alias, trust, notes, tags, settings) changes only when the user
/// edits it. Neither ever overwrites the other.
public struct Contact: Sendable, Equatable, Identifiable {
    /// The book's own key for this entry; stable, never shared.
    public var id: Int64
    /// `nil` for someone imported from an address book without a verified card.
    public var nodeID: NodeID?
    /// A Node ID an unverified vCard claimed; shown, never trusted.
    public var claimedNodeID: NodeID?
    /// The key of the current verified card; `nil` for an unverified entry.
    public var sigKey: SigningPublicKey?
    /// The encryption key of the current verified card; `nil` for an unverified entry.
    public var encKey: EncryptionPublicKey?
    /// The current signed card, byte for byte as it was received.
    public var signedCard: [UInt8]?
    /// The current card's `updatedAt` (Unix ms).
    public var cardUpdatedAt: UInt64?
    public var details: ContactDetails

    public var alias: String?
    public var trustLevel: TrustLevel
    public var addedAt: Date
    public var lastSeenAt: Date?
    public var notes: String?
    public var pinned: Bool
    public var muted: Bool
    public var tags: [String]

    public var source: ContactSource
    public var verificationStatus: VerificationStatus
    /// When the current card arrived. The meetings themselves are ``ContactBook/exchanges(ofContact:)``.
    public var exchangedAt: Date?

    public var receipts: ReceiptsSetting
    public var messageTTL: MessageTTL
    /// When the user last confirmed this person's security code; `nil` if never (or since a new key).
    public var securityCodeVerifiedAt: Date?

    /// The alias if the user gave one, else the card's name, else the Node ID.
    public var displayName: String {
        alias ?? details.name ?? nodeID?.rawValue ?? "(no name)"
    }
}

/// One feature's state on the contact info page.
public struct ContactPreference: Sendable, Equatable {
    public var feature: ChatFeature
    /// What the user chose for this contact (`default`: the user's own default).
    public var userSetting: FeatureSetting
    /// The user's allowance after applying the default.
    public var userAllows: FeatureAllowance
    /// What the contact allows (the feature's default until they say otherwise).
    public var contactAllows: FeatureAllowance
    /// Who can use the feature.
    public var state: FeatureState
}

/// An earlier signed card of a contact.
public struct PastCard: Sendable, Equatable {
    public var nodeID: NodeID?
    public var signedCard: [UInt8]
    public var updatedAt: UInt64
    public var replacedAt: Date
}
