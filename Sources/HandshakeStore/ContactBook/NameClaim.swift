// Establishes that a name from outside is a claim: who a card (or a friend request, or a device nearby) is to
// the book is decided by its key, never by the name it carries. A known key is that contact, whatever name
// the card now claims; an unknown key whose name is, or only looks like, a contact's name (`Skeleton.nameKey`)
// is someone else, and every front end says so before anything is kept. The trust a new contact starts with
// follows from it: nobody who claims a contact's name, and nobody met only through a web page or a share
// link, starts as Trusted.
import GRDB
import HandshakeCore

/// Who a name from outside is, to the book.
public enum NameClaim: Sendable, Equatable {
    /// The key is this contact's: show them as the contact (the name the book gives them), not by the name
    /// the card claims.
    case contact(Contact)
    /// The key is nobody's in the book, and the name is (or looks like) the name or alias of these contacts,
    /// whose keys are other: it is not them.
    case namesake(of: [Contact])
    /// Neither the key nor the name is known.
    case stranger

    /// The contacts the name passes for, when it is a namesake's; empty otherwise.
    public var passesFor: [Contact] {
        if case .namesake(let contacts) = self { contacts } else { [] }
    }
}

extension ContactBook {
    /// Who `card` is to the book: its contact when the book has its key, else the contacts whose name or
    /// alias its name looks like (``NameClaim/namesake(of:)``), else nobody. Stores nothing.
    public func nameClaim(of card: SignedCard) throws(ContactBookError) -> NameClaim {
        try nameClaim(name: card.card.name, nodeID: card.nodeID, key: card.card.sigKey)
    }

    /// Who a name with `nodeID` is to the book, before a card is in hand (a friend request without a card,
    /// a device nearby): ``nameClaim(of:)`` for what is known. With `key`, a contact with that Node ID but
    /// another key is not that contact either.
    public func nameClaim(name: String?, nodeID: NodeID?, key: SigningPublicKey? = nil) throws(ContactBookError) -> NameClaim {
        try judging { db in
            if let nodeID, let record = try ContactRecord.filter(ContactRecord.Columns.nodeId == nodeID.rawValue).fetchOne(db) {
                let contact = try Self.loadContact(record, db)
                if key == nil || contact.sigKey == key { return .contact(contact) }
                return .namesake(of: [contact])
            }
            let namesakes = try Self.namesakes(of: name ?? "", other: nodeID, db)
            return namesakes.isEmpty ? NameClaim.stranger : .namesake(of: namesakes)
        }
    }

    /// Contacts with a verified key other than `nodeID`'s whose name or alias has `name`'s key, by name. An
    /// address-book entry without a key is not among them: nothing says the card is not theirs (an email or
    /// phone it shares offers a merge instead, ``ReceivePreview/new(_:possibleMatches:)``).
    static func namesakes(of name: String, other nodeID: NodeID?, _ db: Database) throws -> [Contact] {
        let key = Skeleton.nameKey(name)
        guard !key.isEmpty else { return [] }
        var request = ContactRecord
            .filter(ContactRecord.Columns.nameKey == key || ContactRecord.Columns.aliasKey == key)
            .filter(ContactRecord.Columns.nodeId != nil)
        if let nodeID { request = request.filter(ContactRecord.Columns.nodeId != nodeID.rawValue) }
        return try request.order(ContactRecord.Columns.displayName).limit(ContactLimits.namesakesShown).fetchAll(db).map { try loadContact($0, db) }
    }
}

extension TrustLevel {
    /// What a new contact starts as when the person chose nothing: Trusted, except for someone who claims a
    /// contact's name with another key, and someone whose card came from a web page or a share link or a
    /// friend request (never met, so never vouched for): they are Known until the person says otherwise.
    public static func suggested(for claim: NameClaim, source: ContactSource) -> TrustLevel {
        if !claim.passesFor.isEmpty { return .known }
        switch source {
        case .link, .serverRequest: return .known
        case .qr, .pasted, .code, .vcard, .nearby, .nfc, .import: return .trusted
        }
    }
}
