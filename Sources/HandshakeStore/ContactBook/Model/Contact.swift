import Foundation
import HandshakeCore

/// A person in the contact book, as the rest of Handshake sees them.
///
/// The card side (`nodeID`, keys, `cardUpdatedAt`, `details`) changes only when a newer signed card of
/// the same person arrives; the local side (alias, trust, notes, tags, settings) changes only when the
/// user edits it. Neither ever overwrites the other.
///
/// The signed card itself is not part of this value: ``ContactBook/card(of:)`` reads it and verifies it
/// again, so a card handed on or compared is always one that checks out, never bytes to be trusted.
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
    /// The current card's `updatedAt` (Unix ms); `nil` for an unverified entry.
    public var cardUpdatedAt: UInt64?
    /// What the card (or, unverified, the address book) says about the person.
    public var details: CardFields

    /// The user's own name for this person, shown instead of the card's.
    public var alias: String?
    /// How much the user trusts this person.
    public var trustLevel: TrustLevel
    /// When the entry was added to the book.
    public var addedAt: Date
    /// When a card of this person last arrived.
    public var lastSeenAt: Date?
    /// The user's private notes.
    public var notes: String?
    /// Listed before everyone else.
    public var pinned: Bool
    /// Notifications from this person are silenced.
    public var muted: Bool
    /// The user's tags, in alphabetical order.
    public var tags: [String]

    /// How the current card (or the entry) arrived.
    public var source: ContactSource
    /// Whether the details are backed by a signed card this book checked.
    public var verificationStatus: VerificationStatus
    /// When the current card arrived. The meetings themselves are ``ContactBook/exchanges(ofContact:)``.
    public var exchangedAt: Date?

    /// Whether delivery receipts are sent to this person.
    public var receipts: ReceiptsSetting
    /// How long messages with this person are kept.
    public var messageTTL: MessageTTL
    /// When the user last confirmed this person's security code; `nil` if never (or since a new key).
    public var securityCodeVerifiedAt: Date?

    /// A contact as the book would hold it, for previews and test doubles; every local field has the
    /// value a newly added contact gets. The book makes its own when it stores one.
    public init(
        id: Int64, nodeID: NodeID? = nil, claimedNodeID: NodeID? = nil, sigKey: SigningPublicKey? = nil,
        encKey: EncryptionPublicKey? = nil, cardUpdatedAt: UInt64? = nil, details: CardFields = CardFields(),
        alias: String? = nil, trustLevel: TrustLevel = .trusted, addedAt: Date, lastSeenAt: Date? = nil,
        notes: String? = nil, pinned: Bool = false, muted: Bool = false, tags: [String] = [],
        source: ContactSource, verificationStatus: VerificationStatus, exchangedAt: Date? = nil,
        receipts: ReceiptsSetting = .default, messageTTL: MessageTTL = .never, securityCodeVerifiedAt: Date? = nil
    ) {
        self.id = id
        self.nodeID = nodeID
        self.claimedNodeID = claimedNodeID
        self.sigKey = sigKey
        self.encKey = encKey
        self.cardUpdatedAt = cardUpdatedAt
        self.details = details
        self.alias = alias
        self.trustLevel = trustLevel
        self.addedAt = addedAt
        self.lastSeenAt = lastSeenAt
        self.notes = notes
        self.pinned = pinned
        self.muted = muted
        self.tags = tags
        self.source = source
        self.verificationStatus = verificationStatus
        self.exchangedAt = exchangedAt
        self.receipts = receipts
        self.messageTTL = messageTTL
        self.securityCodeVerifiedAt = securityCodeVerifiedAt
    }

    /// The alias if the user gave one, else the card's name; for an entry with neither, its company,
    /// first email or first phone, else its Node ID. The list is sorted by the same name.
    public var displayName: String {
        DisplayName.of(
            alias: alias, name: details.name, company: details.company, emails: details.emails, phones: details.phones,
            nodeID: nodeID?.rawValue, claimedNodeID: claimedNodeID?.rawValue)
    }

    /// Whether the book holds a signed card of this person (``ContactBook/card(of:)`` reads it): every
    /// verified contact has one; an address-book entry has none.
    public var hasSignedCard: Bool { nodeID != nil }
}

/// One feature's state on the contact info page.
public struct ContactPreference: Sendable, Equatable {
    /// The feature.
    public var feature: ChatFeature
    /// What the user chose for this contact (`default`: the user's own default).
    public var userSetting: FeatureSetting
    /// The user's allowance after applying the default.
    public var userAllows: FeatureAllowance
    /// What the contact allows (the feature's default until they say otherwise).
    public var contactAllows: FeatureAllowance
    /// Who can use the feature.
    public var state: FeatureState

    /// One feature's row, for previews and test doubles. `state` is what
    /// ``FeatureState/combine(_:user:contact:)`` makes of the two allowances unless given.
    public init(
        feature: ChatFeature, userSetting: FeatureSetting = .default, userAllows: FeatureAllowance,
        contactAllows: FeatureAllowance, state: FeatureState? = nil
    ) {
        self.feature = feature
        self.userSetting = userSetting
        self.userAllows = userAllows
        self.contactAllows = contactAllows
        self.state = state ?? .combine(feature, user: userAllows, contact: contactAllows)
    }
}

/// An earlier signed card of a contact, verified again as it was read from the book.
public struct PastCard: Sendable, Equatable {
    /// The card, as its owner signed it.
    public var signedCard: SignedCard
    /// When a newer card (or, after a merge, another identity's) replaced it.
    public var replacedAt: Date

    /// A past card, for previews and test doubles.
    public init(signedCard: SignedCard, replacedAt: Date) {
        self.signedCard = signedCard
        self.replacedAt = replacedAt
    }

    /// The Node ID the card belongs to: after a merge it differs from the contact's current one.
    public var nodeID: NodeID { signedCard.nodeID }
    /// The card's `updatedAt` (Unix ms).
    public var updatedAt: UInt64 { signedCard.card.updatedAt }
}
