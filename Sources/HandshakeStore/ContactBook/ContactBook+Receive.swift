import Foundation
import GRDB
@_spi(Wire) import HandshakeCore

extension ContactBook {
    /// What receiving `signed` would do, to show the person before they answer. Stores nothing.
    ///
    /// This is the book's half of reading a card: the card is already verified (HandshakeCore's `CardText`
    /// reads a card form; HandshakeIntake's `CardIntake` reads everything Add accepts and calls this). Once
    /// the person answered, ``receive(_:source:answer:now:)`` keeps it, deciding again as it stores.
    ///
    /// - Throws: ``ContactBookError/damagedCard(_:reason:)`` when the book's own card of the same Node ID
    ///   no longer verifies, so there is nothing sound to compare the new card with;
    ///   ``ContactBookError/unavailable(path:reason:)`` when the book cannot be read.
    public func preview(_ signed: SignedCard) throws(ContactBookError) -> ReceivePreview {
        try judging { db in try Self.preview(signed, db) }
    }

    /// Reads the book to judge a card before anything is stored: the book's own refusals as they are, a
    /// database that cannot be read as ``ContactBookError/unavailable(path:reason:)``.
    func judging<Value>(_ read: (Database) throws -> Value) throws(ContactBookError) -> Value {
        do {
            return try writer.read(read)
        } catch let error as ContactBookError {
            throw error
        } catch let error as DatabaseError {
            throw .unavailable(path: writer.path, reason: error.message ?? "\(error.resultCode)")
        } catch {
            throw .unavailable(path: writer.path, reason: "\(error)")
        }
    }

    static func preview(_ signed: SignedCard, _ db: Database) throws -> ReceivePreview {
        if let record = try ContactRecord.filter(ContactRecord.Columns.nodeId == signed.nodeID.rawValue).fetchOne(db) {
            let contact = try loadContact(record, db)
            if record.trustLevel == .blocked { return .blocked(contact) }
            // A verified contact always has a card; one that no longer verifies is a damaged book, not
            // someone else's key.
            guard let stored = try record.storedCard() else { throw ContactBookError.noSignedCard(contact.displayName) }
            switch CardClassifier.classify(signed.card, known: stored.card) {
            case .new: return .new(signed, possibleMatches: [])
            case .update(let changes): return .update(contact, signed, changes: changes)
            case .notNewer: return .notNewer(contact)
            case .keyConflict: return .keyConflict(contact)
            }
        }
        if let moved = try movedContact(of: signed, db) { return moved }
        return .new(signed, possibleMatches: try sharingEmailOrPhone(signed.card.fields, db))
    }

    /// What a card of a key nobody in the book has is, when its moves (card.md, key 17; already checked by
    /// HandshakeCore's `CardVerifier`) vouch for it from a contact's key: that contact's update, judged like
    /// any (a blocked contact stays blocked, an older card is nothing new). The newest known key wins.
    static func movedContact(of signed: SignedCard, _ db: Database) throws -> ReceivePreview? {
        for nodeID in signed.card.movedFrom {
            guard let record = try ContactRecord.filter(ContactRecord.Columns.nodeId == nodeID.rawValue).fetchOne(db) else { continue }
            let contact = try loadContact(record, db)
            if record.trustLevel == .blocked { return .blocked(contact) }
            guard let stored = try record.storedCard() else { throw ContactBookError.noSignedCard(contact.displayName) }
            guard signed.card.moves.contains(where: { $0.oldKey == stored.card.sigKey }) else { return .keyConflict(contact) }
            guard signed.card.updatedAt > stored.card.updatedAt else { return .notNewer(contact) }
            return .update(contact, signed, changes: CardChanges(from: stored.card, to: signed.card))
        }
        return nil
    }

    /// Contacts whose emails or phones overlap `details`', by name.
    static func sharingEmailOrPhone(_ details: CardFields, _ db: Database) throws -> [Contact] {
        let keys = details.matchKeys
        let all = keys.emails + keys.phones
        guard !all.isEmpty else { return [] }
        let clause = all.map { _ in "matchKeys LIKE ? ESCAPE '\\'" }.joined(separator: " OR ")
        let arguments = StatementArguments(all.map { "% " + likeEscaped($0) + " %" })
        let records = try ContactRecord.filter(sql: clause, arguments: arguments).order(ContactRecord.Columns.displayName).fetchAll(db)
        return try records.map { try loadContact($0, db) }
    }

    /// Adds a new person after the user confirmed. With `mergingInto`, the card becomes the current identity
    /// of that existing contact instead: its local fields stay, its old card moves to the history, and its
    /// security-code verification is cleared (it belonged to the old key).
    ///
    /// Package access: an app keeps a card with ``receive(_:source:answer:now:)``, the one receive rule, whose
    /// steps this and ``applyUpdate(_:source:now:)`` are; the package's tests use them to set a book up.
    @discardableResult
    package func add(_ signed: SignedCard, source: ContactSource, trust: TrustLevel = .trusted, now: Date, mergingInto existing: Int64? = nil) throws -> Contact {
        try writer.write { db in try Self.insert(signed, source: source, trust: trust, now: now, mergingInto: existing, db) }
    }

    /// `add` inside the caller's transaction.
    static func insert(_ signed: SignedCard, source: ContactSource, trust: TrustLevel, now: Date, mergingInto existing: Int64?, _ db: Database) throws -> Contact {
        if let known = try ContactRecord.filter(ContactRecord.Columns.nodeId == signed.nodeID.rawValue).fetchOne(db) {
            throw known.trustLevel == .blocked ? ContactBookError.blocked(known.displayName) : ContactBookError.alreadyInBook(known.displayName)
        }
        var record: ContactRecord
        if let existing {
            guard let found = try ContactRecord.fetchOne(db, key: existing) else { throw ContactBookError.unknownContact("#\(existing)") }
            record = found
            try Self.moveToHistory(record, now: now, db)
            record.securityCodeVerifiedAt = nil
            record.claimedNodeId = nil
        } else {
            record = ContactRecord(details: signed.card.fields, source: source, verification: .verified, trust: trust, now: now)
        }
        record.setCard(signed)
        record.source = source
        record.exchangedAt = now
        record.lastSeenAt = now
        try record.save(db)
        return try Self.loadContact(record, db)
    }

    /// Stores a newer card of a known contact: the card's fields change, the local fields do not, and
    /// the previous card goes to the history.
    @discardableResult
    package func applyUpdate(_ signed: SignedCard, source: ContactSource, now: Date) throws -> (contact: Contact, changes: CardChanges) {
        try writer.write { db in
            switch try Self.preview(signed, db) {
            case .update(let contact, _, let changes):
                return (try Self.replaceCard(of: contact, with: signed, source: source, now: now, db), changes)
            case .new: throw ContactBookError.unknownContact(signed.nodeID.rawValue)
            case .notNewer(let contact): throw ContactBookError.notAnUpdate(contact.displayName)
            case .keyConflict: throw ContactBookError.keyConflict(signed.nodeID.rawValue)
            case .blocked(let contact): throw ContactBookError.blocked(contact.displayName)
            }
        }
    }

    /// Makes `signed` the current card of `contact` (a newer card of the same key, or of a key its moves vouch
    /// for), inside the caller's transaction: the old card goes to the history, the local fields stay.
    static func replaceCard(of contact: Contact, with signed: SignedCard, source: ContactSource, now: Date, _ db: Database) throws -> Contact {
        guard var record = try ContactRecord.fetchOne(db, key: contact.id) else { throw ContactBookError.unknownContact(contact.displayName) }
        try Self.moveToHistory(record, now: now, db)
        // A moved key was never compared: the code the person compared belonged to the old one.
        if record.sigKey != Data(signed.card.sigKey.rawRepresentation) { record.securityCodeVerifiedAt = nil }
        record.setCard(signed)
        record.lastSeenAt = now
        record.exchangedAt = now
        record.source = source
        try record.update(db)
        return try Self.loadContact(record, db)
    }

    static func moveToHistory(_ record: ContactRecord, now: Date, _ db: Database) throws {
        guard let id = record.id, let nodeId = record.nodeId, let bytes = record.cardBytes, let updatedAt = record.cardUpdatedAt else { return }
        var past = CardHistoryRecord(id: nil, contactId: id, nodeId: nodeId, cardBytes: bytes, cardUpdatedAt: updatedAt, replacedAt: now)
        try past.insert(db)
    }

    static func loadContact(_ record: ContactRecord, _ db: Database) throws -> Contact {
        let tags = try String.fetchAll(db, sql: "SELECT tag FROM contactTag WHERE contactId = ? ORDER BY tag", arguments: [record.id])
        return record.contact(tags: tags)
    }
}

/// `text` with LIKE's wildcards escaped (escape character `\`).
func likeEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
}
