// The one receive rule: what becomes of a verified card once the person answered. Every front end (the
// command-line program's add, requests and nearby, an app) stores received cards through it.

import Foundation
import GRDB
import HandshakeCore

extension ContactBook {
    /// Stores a verified card as the person answered, by the book's rules, in one transaction.
    ///
    /// What the card is to the book is decided again inside the transaction (not taken from an earlier
    /// ``preview(_:)``), so a card whose standing changed since the person saw it is handled as it is now:
    /// - a newer card of a known contact updates it (no question needed): its fields change, the local
    ///   fields (alias, notes, tags, trust, pin, settings) do not, and the old card goes to the history;
    /// - the same or an older card changes nothing (``ReceiveOutcome/alreadyHave(_:)``);
    /// - a blocked person's card and a card with a different key for a known Node ID are never stored;
    /// - a new person is added or merged as `answer` says; when the card shares an email or phone with
    ///   contacts, the answer must be ``ReceiveAnswer/merge(into:)`` or ``ReceiveAnswer/addSeparately(trust:)``.
    ///
    /// ``ReceiveAnswer/ignore`` stores nothing, whatever the card is.
    /// - Throws: ``ReceiveError`` when the answer does not fit a new card (nothing is stored);
    ///   ``ContactBookError/damagedCard(_:reason:)`` when the book's own card to compare with is damaged.
    @discardableResult
    public func receive(_ signed: SignedCard, source: ContactSource, answer: ReceiveAnswer, now: Date = Date()) throws -> ReceiveOutcome {
        if answer == .ignore { return .ignored }
        return try writer.write { db in
            switch try Self.preview(signed, db) {
            case .blocked(let contact):
                return .ignoredBlocked(contact)
            case .keyConflict(let contact):
                return .refusedKeyConflict(contact)
            case .notNewer(let contact):
                return .alreadyHave(contact)
            case .update(let contact, let newer, let changes):
                let updated = try Self.replaceCard(of: contact, with: newer, source: source, now: now, db)
                return .updated(updated, changes: changes, previous: contact)
            case .new(let card, let matches):
                return try Self.addNew(card, matches: matches, source: source, answer: answer, now: now, db)
            }
        }
    }

    /// Stores a verified card only if it is a newer card of a contact the book holds: what a card brought by
    /// someone other than its owner may be (a server's answer to a refresh, a common friend's card carried
    /// face to face). The contact keeps how they were met; anything else (a new person, an older card, a
    /// blocked person, another key) stores nothing and says which.
    @discardableResult
    public func receiveUpdate(_ signed: SignedCard, now: Date = Date()) throws -> ReceiveOutcome {
        try writer.write { db in
            switch try Self.preview(signed, db) {
            case .update(let contact, let newer, let changes):
                let updated = try Self.replaceCard(of: contact, with: newer, source: contact.source, now: now, db)
                return .updated(updated, changes: changes, previous: contact)
            case .notNewer(let contact): return .alreadyHave(contact)
            case .blocked(let contact): return .ignoredBlocked(contact)
            case .keyConflict(let contact): return .refusedKeyConflict(contact)
            case .new: return .ignored
            }
        }
    }

    /// A new person, added or merged as `answer` says.
    private static func addNew(
        _ signed: SignedCard, matches: [Contact], source: ContactSource, answer: ReceiveAnswer, now: Date, _ db: Database
    ) throws -> ReceiveOutcome {
        switch answer {
        case .add(let trust):
            guard matches.isEmpty else { throw ReceiveError.mergeOrSeparateNotChosen(matches: matches) }
            return .added(try insert(signed, source: source, trust: trust, now: now, mergingInto: nil, db))
        case .addSeparately(let trust):
            return .added(try insert(signed, source: source, trust: trust, now: now, mergingInto: nil, db))
        case .merge(let id):
            let target: Contact
            if let id {
                guard let match = matches.first(where: { $0.id == id }) else { throw ReceiveError.notAMatch(contactID: id) }
                target = match
            } else {
                guard matches.count == 1, let only = matches.first else { throw ReceiveError.mergeNeedsOneMatch(count: matches.count) }
                target = only
            }
            // The trust level is the contact's own: merging keeps it, as it keeps every local field.
            let merged = try insert(signed, source: source, trust: target.trustLevel, now: now, mergingInto: target.id, db)
            return .merged(merged, into: target)
        case .ignore:
            return .ignored
        }
    }
}
