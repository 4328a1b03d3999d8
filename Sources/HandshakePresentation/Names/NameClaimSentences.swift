// Establishes the one wording of what a name from outside is, where a card, a friend request or a device nearby
// is shown before anything is kept (`NameClaim`): a known key is shown as that contact, and a stranger who
// claims a contact's name is told apart in so many words ("Not your contact Bob Babbage: a different key,
// never seen before."). Also what "verified" means where a card is shown: signed by its own key, which any
// stranger's card is; met in person and a compared code are said apart.
import HandshakeCore
import HandshakeMailbox
import HandshakeStore

/// The sentences of HandshakeStore's `NameClaim`.
public enum NameClaimSentences {
    /// What to call the card's owner: the contact's own display name for a known key (the alias first),
    /// else the card's ``DisplayName``. Raw.
    public static func name(of card: SignedCard, claim: NameClaim) -> String {
        if case .contact(let contact) = claim { return contact.displayName }
        return DisplayName.of(card)
    }

    /// What to call the other side of a friend request, seen by `me`: their contact's display name when the
    /// book knows their key, else ``DisplayName/other(in:me:)``. Raw.
    public static func name(ofOtherIn request: MailboxFriendRequest, me: NodeID, claim: NameClaim) -> String {
        if case .contact(let contact) = claim { return contact.displayName }
        return DisplayName.other(in: request, me: me)
    }

    /// Who the other side of a friend request is to `book`: by their card when the server sent it, else by
    /// their Node ID alone.
    public static func claim(ofOtherIn request: MailboxFriendRequest, me: NodeID, book: ContactBook) throws -> NameClaim {
        if let card = request.otherCard(from: me) { return try book.nameClaim(of: card) }
        return try book.nameClaim(name: nil, nodeID: request.other(from: me))
    }

    /// The warning to show beside a namesake's name, before anything is kept; `nil` for a known key or a
    /// stranger. `claimed` is the name the card (or request, or device) gives; `nodeID`, when given, is named
    /// after it, so the other key can be told apart.
    public static func warning(_ claim: NameClaim, claimed: String?, nodeID: NodeID? = nil) -> Sentence? {
        guard case .namesake(let contacts) = claim, let first = contacts.first else { return nil }
        let names = contacts.dropFirst().reduce(Sentence("\(first.displayName)")) { list, contact in "\(list) or \(contact.displayName)" }
        let exact = contacts.contains { $0.displayName == claimed || $0.details.name == claimed }
        let lookalike: Sentence = exact ? "" : " Their name only looks like it."
        let key: Sentence = nodeID.map { " Their Node ID: \($0.rawValue)." } ?? ""
        return "Not your contact \(names): a different key, never seen before.\(lookalike)\(key)"
    }

    /// ``warning(_:claimed:nodeID:)`` for the other side of a friend request, seen by `me`, judged as `claim`.
    public static func warning(ofOtherIn request: MailboxFriendRequest, me: NodeID, claim: NameClaim) -> Sentence? {
        warning(claim, claimed: request.otherCard(from: me)?.card.name, nodeID: request.other(from: me))
    }

    /// What accepting a namesake does, asked after its `warning` before it is done.
    public static func acceptQuestion(_ warning: Sentence) -> Sentence {
        warning.then("Accepting sends them your card and adds them as someone new (Known), apart from your contact. Accept anyway?")
    }

    /// What a card's signature proves, said where "verified" is shown: the card is as its key signed it,
    /// not that the key is the person the name says.
    public static let signedByItsOwnKey: Sentence = "Signed by its own key: nobody changed it, but anyone can sign a card with any name."

    /// How far a contact's identity was checked: a compared security code, meeting in person, or only a
    /// signature.
    public static func standing(of contact: Contact) -> Sentence {
        if contact.sigKey == nil { return "Not verified: an address-book entry, with no key." }
        if contact.securityCodeVerifiedAt != nil { return "Code compared: the key is theirs." }
        switch contact.source {
        case .nearby, .nfc: return "Met in person; code not compared."
        default: return "Signed by its own key only: never met in person, code not compared."
        }
    }
}
