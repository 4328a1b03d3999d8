// A name is a claim: who a card is to the book is decided by its key. A stranger who claims a contact's name, or
// one that only looks like it, is a namesake; a known key is its contact whatever name it claims; and a new
// contact's suggested trust follows.

import Foundation
import GRDB
import HandshakeCore
import Testing

@testable import HandshakeStore

@Suite("a name is a claim")
struct NameClaimTests {
    @Test("a stranger with a contact's name, or a lookalike of it, is a namesake, not the contact")
    func namesakes() throws {
        let book = try ContactBook()
        let bob = try book.add(try Person(name: "Bob Babbage").card, source: .nearby, now: now)
        for claimed in ["Bob Babbage", "bob  babbage", "Bоb Babbage", "B0b Babbage"] {
            let stranger = try Person(name: claimed).card
            #expect(try book.nameClaim(of: stranger) == .namesake(of: [bob]), "\(claimed)")
            #expect(TrustLevel.suggested(for: try book.nameClaim(of: stranger), source: .nearby) == .known)
        }
        #expect(try book.nameClaim(of: try Person(name: "Bob Baker").card) == .stranger)
        #expect(TrustLevel.suggested(for: .stranger, source: .nearby) == .trusted)
        #expect(TrustLevel.suggested(for: .stranger, source: .serverRequest) == .known)
        #expect(TrustLevel.suggested(for: .stranger, source: .link) == .known)
    }

    @Test("a known key is its contact, whatever name its newer card claims; an alias counts as a name")
    func knownKeysAndAliases() throws {
        let book = try ContactBook()
        var ada = try Person(name: "Ada Lovelace")
        let contact = try book.add(ada.card, source: .nearby, now: now)
        try ada.edit { $0.name = "Countess of Lovelace" }
        guard case .contact(let known) = try book.nameClaim(of: ada.card) else { Issue.record("not the contact"); return }
        #expect(known.id == contact.id)

        let renamed = try book.update(contact.id, ContactEdit(alias: "The Countess"))
        #expect(try book.nameClaim(of: try Person(name: "the countess").card) == .namesake(of: [renamed]))
        // The card's own name is a name of theirs too, after the alias was set.
        #expect(try book.nameClaim(of: try Person(name: "Ada Lovelace").card) == .namesake(of: [renamed]))
        // Before a card is in hand: a Node ID alone, or a name alone.
        #expect(try book.nameClaim(name: "Somebody", nodeID: ada.identity.nodeID) == .contact(renamed))
        #expect(try book.nameClaim(name: "Ada Lovelace", nodeID: nil) == .namesake(of: [renamed]))
    }

    @Test("an address-book entry without a key is nobody's namesake: nothing says the card is not theirs")
    func unverifiedEntriesAreNotImpersonated() throws {
        let book = try ContactBook()
        let vcf = "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Carol Clark\r\nEND:VCARD\r\n"
        _ = try book.importVCards(Array(vcf.utf8), now: now)
        #expect(try book.count() == 1)
        #expect(try book.nameClaim(of: try Person(name: "Carol Clark").card) == .stranger)
    }

    @Test("v6 gives the contacts a book already holds their name keys")
    func v6FillsTheKeys() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("book-v5-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bob = try Person(name: "Bob Babbage")
        do {
            let queue = try DatabaseQueue(path: path)
            try BookSchema.migrator.migrate(queue, upTo: "v5: one display-name rule")
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO contact (nodeId, sigKey, encKey, cardBytes, cardUpdatedAt, name, alias, emails, phones, links, skills,
                                             matchKeys, duplicateKey, displayName, addedAt, source, verificationStatus)
                        VALUES (?, ?, ?, ?, 1700000000, 'Bob Babbage', 'Uncle B', '[]', '[]', '[]', '[]', '', '', 'Uncle B',
                                '2026-01-01 10:00:00.000', 'nearby', 'verified')
                        """,
                    arguments: [
                        bob.identity.nodeID.rawValue, Data(bob.card.card.sigKey.rawRepresentation),
                        Data(bob.card.card.encKey.rawRepresentation), Data(bob.card.bytes),
                    ])
            }
        }
        let book = try ContactBook(path: path)
        #expect(try book.appliedMigrations().contains("v6: name keys, to tell a contact's name from one that looks like it"))
        let keys = try book.writer.read { try Row.fetchOne($0, sql: "SELECT nameKey, aliasKey FROM contact") }
        #expect(keys?["nameKey"] == Skeleton.nameKey("Bob Babbage") && keys?["aliasKey"] == Skeleton.nameKey("Uncle B"))
        #expect(try book.nameClaim(of: try Person(name: "uncle b").card).passesFor.map(\.displayName) == ["Uncle B"])
    }
}
