/// The content of a contact card, schema 1: who the owner is, the keys that prove it, and what the owner
/// chose to share.
///
/// A `ContactCard` is just data. It becomes trustworthy only as a ``SignedCard``, which is produced by
/// signing (``CardProfile/issueCard(identity:)``) or by the receive pipeline (``CardVerifier``).
///
/// The optional fields are ``fields``; each of them reads as a property of the card too (`card.name`,
/// `card.emails`).
@dynamicMemberLookup
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
    /// What the owner chose to share: name, bio, avatar, emails and the rest.
    public var fields: CardFields
    /// The mailbox server where the owner publishes their newest card (key 16), when they let the card say
    /// so: whoever holds the card can fetch a newer one there (`GET /v1/cards/{nodeId}`).
    public var server: ServerOrigin?
    /// The moves that vouch for this card's key (key 17), oldest first: each old key named the next as its
    /// successor, the last one this card's key. Empty for a key nobody moved from.
    public var moves: [KeyMove] = []
    /// The Node IDs of the keys this card's key was moved from, newest first: a book that knows one of
    /// them as a contact takes this card as that contact's.
    public var movedFrom: [NodeID] { moves.reversed().map(\.oldKey.nodeID) }

    /// A card with the given keys and fields. Field rules are checked when the card is signed or received,
    /// not here, so previews and tests can build any card.
    public init(
        sigKey: SigningPublicKey, encKey: EncryptionPublicKey, updatedAt: UInt64, fields: CardFields = CardFields(), server: ServerOrigin? = nil
    ) {
        self.sigKey = sigKey
        self.encKey = encKey
        self.updatedAt = updatedAt
        self.fields = fields
        self.server = server
    }

    /// One of the card's ``fields``, read and written as if it were the card's own property.
    public subscript<Value>(dynamicMember path: WritableKeyPath<CardFields, Value>) -> Value {
        get { fields[keyPath: path] }
        set { fields[keyPath: path] = newValue }
    }

    /// A copy holding only `kept` of the optional fields.
    public func keeping(only kept: Set<CardField>) -> ContactCard {
        var copy = self
        copy.fields = fields.keeping(only: kept)
        return copy
    }
}
