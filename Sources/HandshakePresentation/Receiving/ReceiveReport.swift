// Establishes what a front end shows after the book's receive rule ran: which kind of outcome, the contact it
// is about (to open their page), the name to say, and the sentence. Every front end builds one from the
// `ReceiveOutcome` instead of switching over it.
import HandshakeCore
import HandshakeStore

/// What receiving a card did, ready to show.
public struct ReceiveReport: Sendable, Equatable {
    /// Which kind of outcome.
    public let kind: ReceiveKind
    /// The contact the card is about, when the book has one now (for a merge: the contact as stored).
    public let contact: Contact?
    /// What to call them: the contact's display name (for a merge, the contact merged into), else the
    /// card's ``DisplayName``. Raw.
    public let name: String
    /// The Node ID the card claims. Raw.
    public let nodeID: String

    /// The report of `outcome`, for the card `card` that was received.
    public init(_ outcome: ReceiveOutcome, card: SignedCard) {
        let named = outcome.contact?.displayName ?? DisplayName.of(card)
        (contact, nodeID) = (outcome.contact, outcome.contact?.nodeID?.rawValue ?? card.nodeID.rawValue)
        switch outcome {
        case .added: (kind, name) = (.added, named)
        case .merged(_, let target): (kind, name) = (.merged, target.displayName)
        case .updated: (kind, name) = (.updated, named)
        case .alreadyHave: (kind, name) = (.alreadyHave, named)
        case .ignoredBlocked: (kind, name) = (.blocked, named)
        case .refusedKeyConflict: (kind, name) = (.keyConflict, named)
        case .ignored: (kind, name) = (.ignored, named)
        }
    }

    /// The sentence: ``ReceiveSentences/sentence(_:name:nodeID:)``.
    public var sentence: Sentence { ReceiveSentences.sentence(kind, name: name, nodeID: nodeID) }

    /// The sentence after accepting a friend request whose card this was: ``FriendRequestSentences/accepted(_:)``.
    public var acceptedSentence: Sentence { FriendRequestSentences.accepted(kind) }
}
