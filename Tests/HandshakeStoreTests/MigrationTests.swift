import Foundation
import GRDB
import HandshakeCore
import Testing

@testable import HandshakeStore

@Suite("schema upgrades keep existing data")
struct MigrationTests {
    @Test("v3 moves a contact's one nearby note and signatures into its first meeting record")
    func v3KeepsNearbyData() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("book-v2-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let queue = try DatabaseQueue(path: path)
            try BookSchema.migrator.migrate(queue, upTo: "v2: search index, list-order index")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO contact (name, emails, phones, links, skills, matchKeys, duplicateKey, displayName, addedAt,
                                         source, verificationStatus, exchangedAt, sentNote, receivedNote,
                                         exchangeSignatureSent, exchangeSignatureReceived, commonFriends)
                    VALUES ('Ada', '[]', '[]', '[]', '[]', '', '', 'Ada', '2026-01-01 10:00:00.000', 'nearby', 'unverified',
                            '2026-01-02 10:00:00.000', 'hello', 'hi back', x'0102', x'0304', '[]');
                    INSERT INTO contact (name, emails, phones, links, skills, matchKeys, duplicateKey, displayName, addedAt,
                                         source, verificationStatus)
                    VALUES ('Bob', '[]', '[]', '[]', '[]', '', '', 'Bob', '2026-01-01 10:00:00.000', 'vcard', 'unverified');
                    """)
            }
        }
        let book = try ContactBook(path: path)
        #expect(try book.appliedMigrations().last == "v4: photos of address-book entries")
        let records = try book.exchanges(ofContact: 1)
        #expect(records.count == 1)
        #expect(records.first?.ourNote == "hello" && records.first?.theirNote == "hi back")
        #expect(records.first?.ourBinding == [1, 2] && records.first?.theirBinding == [3, 4])
        #expect(records.first?.exchangedAt == ISO8601DateFormatter().date(from: "2026-01-02T10:00:00Z"))
        #expect(try book.exchanges(ofContact: 2).isEmpty)
        #expect(try book.integrityCheck() == ["ok"])
        #expect(try book.count() == 2)
    }
}
