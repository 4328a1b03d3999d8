/// The content of a contact card, schema 1: who the owner is, the keys that prove it, and what the owner
/// chose to share.
///
/// A `ContactCard` is just data. It becomes trustworthy only as a ``SignedCard``, which is produced by
/// signing (``CardProfile/issueCard(identity:)``) or by the receive pipeline (``CardVerifier``).
public struct ContactCard: Sendable, Hashable {
    /// The schema this version of Handshake writes and reads.
    public static let schema = 1

    /// The owner's Ed25519 public key; it signs the card.
    public var sigKey: SigningPublicKey
    /// The owner's X25519 public key.
    public var encKey: EncryptionPublicKey
    /// The owner's Node ID. Always the one ``sigKey`` names: a card cannot carry a Node ID that
    /// contradicts its key (a received card that claims one is refused by ``CardVerifier``).
    public var nodeID: NodeID { sigKey.nodeID }
    /// When the owner last changed the card, in milliseconds since 1970-01-01 UTC. A newer card of the same
    /// Node ID replaces an older one; an equal or older one is ignored.
    public var updatedAt: UInt64

    /// The name the owner goes by.
    public var name: String?
    /// A few words about the owner.
    public var bio: String?
    /// The owner's picture.
    public var avatar: Avatar?
    /// Where the owner is, as they choose to put it (a city, a campus).
    public var location: String?
    /// Where the owner works.
    public var company: String?
    /// The owner's job title.
    public var title: String?
    /// Email addresses, most important first.
    public var emails: [String]
    /// Phone numbers, most important first.
    public var phones: [String]
    /// The owner's pages on social networks and the web.
    public var links: [SocialLink]
    /// What the owner can help with, as short tags.
    public var skills: [String]

    /// A card with the given keys and fields. Field rules are checked when the card is signed or received,
    /// not here, so previews and tests can build any card.
    public init(
        sigKey: SigningPublicKey, encKey: EncryptionPublicKey, updatedAt: UInt64,
        name: String? = nil, bio: String? = nil, avatar: Avatar? = nil, location: String? = nil,
        company: String? = nil, title: String? = nil, emails: [String] = [], phones: [String] = [],
        links: [SocialLink] = [], skills: [String] = []
    ) {
        self.sigKey = sigKey
        self.encKey = encKey
        self.updatedAt = updatedAt
        self.name = name
        self.bio = bio
        self.avatar = avatar
        self.location = location
        self.company = company
        self.title = title
        self.emails = emails
        self.phones = phones
        self.links = links
        self.skills = skills
    }

    /// The optional fields that hold something.
    public var presentFields: [CardField] {
        CardField.allCases.filter { hasValue($0) }
    }

    func hasValue(_ field: CardField) -> Bool {
        switch field {
        case .name: return name != nil
        case .bio: return bio != nil
        case .avatar: return avatar != nil
        case .location: return location != nil
        case .company: return company != nil
        case .title: return title != nil
        case .emails: return !emails.isEmpty
        case .phones: return !phones.isEmpty
        case .links: return !links.isEmpty
        case .skills: return !skills.isEmpty
        }
    }

    /// Empties one optional field.
    public mutating func clear(_ field: CardField) {
        switch field {
        case .name: name = nil
        case .bio: bio = nil
        case .avatar: avatar = nil
        case .location: location = nil
        case .company: company = nil
        case .title: title = nil
        case .emails: emails = []
        case .phones: phones = []
        case .links: links = []
        case .skills: skills = []
        }
    }

    /// A copy holding only `fields` of the optional fields.
    public func keeping(only fields: Set<CardField>) -> ContactCard {
        var copy = self
        for field in CardField.allCases where !fields.contains(field) { copy.clear(field) }
        return copy
    }
}
