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
        #expect(try book.appliedMigrations().last == BookSchema.migrator.migrations.last)
        let records = try book.exchanges(ofContact: 1)
        #expect(records.count == 1)
        #expect(records.first?.ourNote == "hello" && records.first?.theirNote == "hi back")
        #expect(records.first?.ourBinding == [1, 2] && records.first?.theirBinding == [3, 4])
        #expect(records.first?.exchangedAt == ISO8601DateFormatter().date(from: "2026-01-02T10:00:00Z"))
        #expect(try book.exchanges(ofContact: 2).isEmpty)
        #expect(try book.integrityCheck() == ["ok"])
        #expect(try book.count() == 2)
    }

    @Test("v5 lists entries without alias or name under the name they are shown by")
    func v5OneDisplayNameRule() throws {
        let claimed = Identity.generate().nodeID.rawValue
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("book-v4-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let queue = try DatabaseQueue(path: path)
            try BookSchema.migrator.migrate(queue, upTo: "v4: photos of address-book entries")
            try queue.write { db in
                // (alias, name, company, emails, phones, claimedNodeId), listed under v1's rule.
                let rows: [(String?, String?, String?, String, String, String?)] = [
                    ("Countess", "Ada", nil, "[]", "[]", nil),
                    (nil, "Bob", "Acme", "[]", "[]", nil),
                    (nil, nil, "Globex", "[\"x@globex.example\"]", "[]", nil),
                    (nil, nil, nil, "[\"carol@example.com\",\"c2@example.com\"]", "[\"+1 555 0100\"]", nil),
                    (nil, nil, nil, "[]", "[\"+1 555 0199\"]", nil),
                    (nil, nil, nil, "[]", "[]", claimed),
                    (nil, nil, nil, "[]", "[]", nil),
                ]
                for row in rows {
                    try db.execute(sql: """
                        INSERT INTO contact (alias, name, company, emails, phones, claimedNodeId, links, skills, matchKeys,
                                             duplicateKey, displayName, addedAt, source, verificationStatus)
                        VALUES (?, ?, ?, ?, ?, ?, '[]', '[]', '', '', COALESCE(?, ?, ?, ''), '2026-01-01 10:00:00.000', 'vcard', 'unverified')
                        """, arguments: [row.0, row.1, row.2, row.3, row.4, row.5, row.0, row.1, row.5])
                }
            }
        }
        let book = try ContactBook(path: path)
        let listed = try book.contacts()
        #expect(listed.count == 7)
        let stored = try book.writer.read { try String.fetchAll($0, sql: "SELECT displayName FROM contact ORDER BY id") }
        let shown = listed.sorted { $0.id < $1.id }.map(\.displayName)
        #expect(stored == shown)
        #expect(shown == ["Countess", "Bob", "Globex", "carol@example.com", "+1 555 0199", claimed, "(no name)"])
        #expect(listed.map(\.displayName) == shown.sorted { $0.lowercased() < $1.lowercased() })  // stable: no two equal
    }
}
