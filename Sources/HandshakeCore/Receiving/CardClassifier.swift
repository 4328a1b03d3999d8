/// The receive pipeline's second half: what a verified card means for the contact book.
///
/// Rules (DESIGN.md, "Receiving a card"): a Node ID not yet known is new; a known one must carry the same
/// `sigKey`, or it is a key conflict and refused; a strictly newer `updatedAt` is an update; an equal or
/// older one is ignored, which also makes replaying an old card harmless.
@_spi(Wire) public enum CardClassifier {
    /// What receiving `incoming` would do, given the card already stored for its Node ID (if any).
    public static func classify(_ incoming: ContactCard, known: ContactCard?) -> ReceiveDecision {
        guard let known else { return .new }
        guard constantTimeEquals(known.sigKey.rawRepresentation, incoming.sigKey.rawRepresentation) else { return .keyConflict(knownSigKey: known.sigKey) }
        guard incoming.updatedAt > known.updatedAt else { return .notNewer(storedUpdatedAt: known.updatedAt) }
        return .update(CardChanges(from: known, to: incoming))
    }
}

/// The outcome of classifying a verified card against the contact book.
@_spi(Wire) public enum ReceiveDecision: Sendable, Equatable {
    /// Nobody with this Node ID is known yet.
    case new
    /// A newer card of a known contact; the changes say what is different.
    case update(CardChanges)
    /// The same or an older card than the one stored; nothing to do.
    case notNewer(storedUpdatedAt: UInt64)
    /// A different key for a known Node ID: refused.
    case keyConflict(knownSigKey: SigningPublicKey)

    /// A sentence for the person receiving the card.
    public var summary: String {
        switch self {
        case .new: return "This is someone new."
        case .update(let changes):
            if changes.movedKey { return "This is a known contact's new key, vouched for by their old one." }
            return changes.isEmpty ? "This is a newer card with the same details." : "This card updates \(changes.fieldNames)."
        case .notNewer: return "You already have this card or a newer one; nothing changes."
        case .keyConflict: return "This card uses a different key than the one you have for this Node ID; it is refused."
        }
    }
}

/// Which optional fields differ between two cards of the same person.
public struct CardChanges: Sendable, Equatable {
    /// The fields whose values differ, in card order.
    public let fields: [CardField]
    /// Whether the newer card is signed by another key, one the older card's key vouched for
    /// (``ContactCard/moves``): the person moved to a new key.
    public let movedKey: Bool

    /// The fields that differ between an older and a newer card of one person.
    public init(from old: ContactCard, to new: ContactCard) {
        fields = CardField.allCases.filter { old.fields[$0] != new.fields[$0] }
        movedKey = old.sigKey != new.sigKey
    }

    /// Whether the newer card changes no field and no key (only its date).
    public var isEmpty: Bool { fields.isEmpty && !movedKey }

    /// The changed fields by name, in card order ("title, phones"), or "only its date": the one wording of
    /// every sentence that says what a newer card changes.
    public var fieldNames: String {
        fields.isEmpty ? "only its date" : fields.map(\.rawValue).joined(separator: ", ")
    }
}
