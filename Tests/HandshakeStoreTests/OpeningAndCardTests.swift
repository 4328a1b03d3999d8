import Foundation
import GRDB
import HandshakeCore
import Testing

@testable import HandshakeStore

@Suite("opening a book the app's way")
struct OpeningTests {
    @Test("on a writer the app gives: the book's migrations run beside the app's own tables")
    func writer() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.create(table: "appSetting") { t in t.primaryKey("key", .text); t.column("value", .text) } }
        let book = try ContactBook(writer: queue)
        #expect(try book.appliedMigrations() == BookSchema.migrator.migrations)
        #expect(try queue.read { try $0.tableExists("appSetting") && $0.tableExists("contact") })
        let ada = try book.add(try Person(name: "Ada").card, source: .qr, now: now)
        // A second book on the same writer finds the schema done and sees the same contacts.
        #expect(try ContactBook(writer: queue).contact(id: ada.id)?.displayName == "Ada")
    }

    @Test("at a URL with the app's Configuration: the app's settings kept, the book's durability added")
    func url() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("configured-\(UUID().uuidString).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        var configuration = Configuration()
        configuration.label = "AppContacts"
        let book = try ContactBook(url: url, configuration: configuration)
        _ = try book.add(try Person(name: "Ada").card, source: .qr, now: now)
        #expect(try book.journalMode() == "wal")
        #expect(book.writer.configuration.label == "AppContacts")
        #expect(try book.writer.read { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)  // FULL
        #expect(try book.writer.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
        guard case .timeout(let seconds) = book.writer.configuration.busyMode else { Issue.record("expected a busy timeout"); return }
        #expect(seconds == 10)
        #expect(try ContactBook(path: url.path).count() == 1)
    }

    @Test("read-only: a complete book opens and reads; a new file is unavailable")
    func readOnly() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("readonly-\(UUID().uuidString).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) } }
        var readOnly = Configuration()
        readOnly.readonly = true
        #expect(throws: ContactBookError.self) { try ContactBook(url: url, configuration: readOnly) }
        _ = try ContactBook(url: url).add(try Person(name: "Ada").card, source: .qr, now: now)
        let book = try ContactBook(url: url, configuration: readOnly)
        #expect(try book.contacts().map(\.displayName) == ["Ada"])
        #expect(throws: (any Error).self) { try book.add(try Person(name: "Bea").card, source: .qr, now: now) }
    }

    @Test("a file that is not a database is reported as unavailable")
    func notADatabase() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("garbage-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: 0x41, count: 4096).write(to: url)
        let error = #expect(throws: ContactBookError.self) { try ContactBook(url: url) }
        guard case .unavailable(let path, _) = error else { Issue.record("expected unavailable, got \(String(describing: error))"); return }
        #expect(path == url.path)
    }
}

@Suite("signed cards through the store")
struct StoredCardTests {
    /// Flips the last byte of a stored card: part of its signature.
    static func damage(table: String, id: Int64, in queue: DatabaseQueue) throws {
        try queue.write { db in
            var bytes = try #require(try Data.fetchOne(db, sql: "SELECT cardBytes FROM \(table) WHERE id = ?", arguments: [id]))
            bytes[bytes.count - 1] ^= 0x01
            try db.execute(sql: "UPDATE \(table) SET cardBytes = ? WHERE id = ?", arguments: [bytes, id])
        }
    }

    @Test("card(of:) is the card as signed, verified again; an address-book entry has none")
    func card() throws {
        let book = try ContactBook()
        let ada = try Person(name: "Ada")
        let contact = try book.add(ada.card, source: .qr, now: now)
        #expect(contact.hasSignedCard)
        #expect(try book.card(of: contact.id) == ada.card)
        try book.importUnverified([CardFields(name: "Bea")], now: now)
        let bea = try #require(try book.contacts(ContactListQuery(search: "Bea")).first)
        #expect(!bea.hasSignedCard)
        #expect(throws: ContactBookError.noSignedCard("Bea")) { try book.card(of: bea.id) }
        #expect(throws: ContactBookError.unknownContact("#999")) { try book.card(of: 999) }
    }

    @Test("a stored card that no longer verifies is damaged, not a key conflict")
    func damagedCurrentCard() throws {
        let queue = try DatabaseQueue()
        let book = try ContactBook(writer: queue)
        var ada = try Person(name: "Ada")
        let contact = try book.add(ada.card, source: .qr, now: now)
        try Self.damage(table: "contact", id: contact.id, in: queue)

        #expect(throws: ContactBookError.damagedCard("Ada", reason: .badSignature)) { try book.card(of: contact.id) }
        try ada.edit { $0.company = "Analytical Engines" }
        #expect(throws: ContactBookError.damagedCard("Ada", reason: .badSignature)) { try book.preview(ada.card) }
        #expect(throws: ContactBookError.damagedCard("Ada", reason: .badSignature)) { try book.applyUpdate(ada.card, source: .qr, now: now) }
        // The list and the contact itself still read: only the card is in doubt.
        #expect(try book.contact(id: contact.id)?.displayName == "Ada")
    }

    @Test("past cards are SignedCards, verified again; a damaged one is reported")
    func damagedHistory() throws {
        let queue = try DatabaseQueue()
        let book = try ContactBook(writer: queue)
        var ada = try Person(name: "Ada")
        let first = ada.card
        let contact = try book.add(first, source: .qr, now: now)
        try ada.edit { $0.company = "Analytical Engines" }
        try book.applyUpdate(ada.card, source: .qr, now: now)
        let history = try book.history(of: contact.id)
        #expect(history.map(\.signedCard) == [first])
        #expect(history.map(\.updatedAt) == [first.card.updatedAt])
        #expect(history.map(\.nodeID) == [first.nodeID])

        let pastID = try #require(try queue.read { try Int64.fetchOne($0, sql: "SELECT id FROM cardHistory") })
        try Self.damage(table: "cardHistory", id: pastID, in: queue)
        #expect(throws: ContactBookError.damagedCard("Ada", reason: .badSignature)) { try book.history(of: contact.id) }
    }
}
