// Establishes the one fallback for a person's name wherever a front end shows one: the name on their card,
// or their Node ID when the card carries no name. A contact already has its own (`Contact.displayName`: the
// alias first); this is for a card that is not, or not yet, a contact.
import HandshakeCore
import HandshakeMailbox

/// What to call someone whose card is in hand.
public enum DisplayName {
    /// What is shown where a name would be and the card or the fields carry none (unsigned fields, a card
    /// whose Node ID is shown beside it), in every front end alike: the words the book lists a contact with
    /// nothing to be called by under (`Contact.displayName`).
    public static let none = "(no name)"

    /// The name, or ``none``. Raw: escape it where it is drawn.
    public static func of(_ name: String?) -> String {
        name ?? none
    }

    /// The card's name, or its Node ID when it has none. Raw: escape it where it is drawn.
    public static func of(_ card: SignedCard) -> String {
        card.card.name ?? card.nodeID.rawValue
    }

    /// The other side of a friend request, seen by `me`: their card's name when the server sent their card,
    /// else their Node ID.
    public static func other(in request: MailboxFriendRequest, me: NodeID) -> String {
        request.otherCard(from: me).map { Self.of($0) } ?? request.other(from: me).rawValue
    }
}
