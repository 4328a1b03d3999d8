import Foundation
import GRDB
import HandshakeCore
import Testing

@testable import HandshakeStore

/// The book writes some columns by hand for speed; these check the text against what GRDB and
/// Foundation, which we did not write, produce and read.
@Suite("column formats written by hand")
struct StorageFormatTests {
    @Test("dates: byte for byte what GRDB's own Date encoding writes")
    func dates() {
        var generator = SystemRandomNumberGenerator()
        var dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 0.001), Date(timeIntervalSince1970: 0.0009999),
            Date(timeIntervalSince1970: 951_782_400), // 2000-02-29
            Date(timeIntervalSince1970: 1_700_000_000.999_999), Date(timeIntervalSince1970: 4_102_444_799.999),
            Date(timeIntervalSince1970: 253_402_300_799.998), Date(timeIntervalSince1970: -1), Date.distantPast, Date.distantFuture,
        ]
        for _ in 0..<20_000 {
            dates.append(Date(timeIntervalSince1970: Double.random(in: 0..<4_102_444_800, using: &generator)))
        }
        let mismatches = dates.filter { StoredDate.databaseValue($0) != $0.databaseValue }.map { "\($0.timeIntervalSince1970): \(StoredDate.databaseValue($0)) vs \($0.databaseValue)" }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, e.g. \(mismatches.prefix(5))")
    }

    @Test("string lists: JSON that Foundation's decoder and SQLite's json_valid accept, with the same strings")
    func stringLists() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "\u{2028}", "€", "😀", "\u{FEFF}"]
        var lists: [[String]] = [[], [""], ["plain"], ["a\"b", "c\\d"]]
        for _ in 0..<2_000 {
            lists.append((0..<Int.random(in: 0...4, using: &generator)).map { _ in
                var string = ""
                for _ in 0..<Int.random(in: 0...12, using: &generator) {
                    string.unicodeScalars.append(alphabet.randomElement(using: &generator) ?? "a")
                }
                return string
            })
        }
        let queue = try DatabaseQueue()
        for list in lists {
            let text = JSONColumn.text(list)
            #expect(try JSONDecoder().decode([String].self, from: Data(text.utf8)) == list, "\(text)")
            #expect(try queue.read { try Bool.fetchOne($0, sql: "SELECT json_valid(?)", arguments: [text]) } == true, "\(text)")
            #expect(try JSONColumn.value(of: text) as [String] == list)
        }
    }

    @Test("the import's column list names every column of the table but id, once, with a value for each")
    func columnList() throws {
        let queue = try DatabaseQueue()
        try BookSchema.migrator.migrate(queue)
        let tableColumns = try queue.read { try $0.columns(in: ContactRecord.databaseTableName).map(\.name) }
        #expect(Set(ContactRecord.bulkColumns + ["id"]) == Set(tableColumns))
        #expect(ContactRecord.bulkColumns.count + 1 == tableColumns.count)
        let record = ContactRecord(details: CardFields(name: "Ada"), source: .import, verification: .unverified, trust: .known, now: Date())
        #expect(record.bulkValues.count == ContactRecord.bulkColumns.count)
    }

    @Test("the import's hand-bound insert writes exactly the row and search entry the Codable insert writes")
    func bulkInsertMatchesCodable() throws {
        let queue = try DatabaseQueue()
        try BookSchema.migrator.migrate(queue)
        let details = CardFields(
            name: "Ada \"Countess\" Lovelace", bio: "Line one\nline two", location: "London", company: "Analytical Engines",
            title: "Analyst", emails: ["ada@example.com", "a/b@example.com"], phones: ["+44 20 7946 0000"],
            links: [SocialLink(platform: "web", handle: nil, url: "https://example.com/ada")], skills: ["maths", "é😀"])
        var record = ContactRecord(details: details, source: .import, verification: .unverified, trust: .known, now: Date(timeIntervalSince1970: 1_700_000_000.125))
        record.claimedNodeId = "11111111111111111111aa"
        record.alias = "Countess"
        record.notes = "notes"
        record.pinned = true
        record.lastSeenAt = Date(timeIntervalSince1970: 1_700_000_500.5)
        record.messageTTLSeconds = 86_400
        record.refreshDisplayName()
        let rows = try queue.write { db -> [Row] in
            var codable = record
            try codable.insert(db)
            var bulk = record
            try bulk.insertForImport(db)
            return try Row.fetchAll(db, sql: "SELECT * FROM contact ORDER BY id")
        }
        try #require(rows.count == 2)
        for column in ContactRecord.bulkColumns {
            #expect(rows[0][column] as DatabaseValue == rows[1][column] as DatabaseValue, "\(column)")
        }
        let search = try queue.read { try Row.fetchAll($0, sql: "SELECT name, alias, company, tags FROM contactSearch ORDER BY rowid") }
        #expect(search.count == 2 && search[0] == search[1])
        // And the Codable record reads both back as the record written.
        let read = try queue.read { try ContactRecord.order(Column("id")).fetchAll($0) }
        let unkeyed = read.map { (row: ContactRecord) -> ContactRecord in var copy = row; copy.id = nil; return copy }
        #expect(unkeyed == [record, record])
    }
}
