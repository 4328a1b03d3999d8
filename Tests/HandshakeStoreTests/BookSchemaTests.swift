import Foundation
import GRDB
@_spi(Wire) import HandshakeCore
import HandshakeTestSupport
import Testing

@testable import HandshakeStore

/// The migrations spell out their tables and allowed values rather than reading the application's types (so
/// a released migration never changes); these tests say when today's types no longer match what they wrote.
@Suite("the book's schema matches the types that read it")
struct BookSchemaTests {
    @Test("the values the migrations froze are today's values")
    func frozenValuesMatchTheTypes() {
        #expect(TrustLevel.allCases.map(\.rawValue) == ["TRUSTED", "KNOWN", "BLOCKED"])
        #expect(ContactLimits.notes == 1024)
        #expect(ReceiptsSetting.default.rawValue == "default")
        #expect(ExchangeRecord.Source.allCases.map(\.rawValue) == ["comparedCode", "sessionSecret"])
        #expect(
            [ContactRecord.databaseTableName, CardHistoryRecord.databaseTableName, ContactTagRecord.databaseTableName,
             ContactPreferenceRecord.databaseTableName, UserPreferenceRecord.databaseTableName, ExchangeRowRecord.databaseTableName,
             ImportedPhotoRecord.databaseTableName]
                == ["contact", "cardHistory", "contactTag", "contactPreference", "userPreference", "exchange", "importedPhoto"])
    }

    /// A field of the field table with a book column needs a migration that adds it: text as a nullable text
    /// column, a list as a JSON text column that is never NULL.
    @Test("every field of the field table that the book keeps has its column")
    func everyFieldHasItsColumn() throws {
        let queue = try DatabaseQueue()
        try BookSchema.migrator.migrate(queue)
        let columns = try queue.read { db in try db.columns(in: "contact") }
        for field in CardField.allCases {
            guard let name = field.bookColumn else { continue }
            let column = try #require(columns.first { $0.name == name }, "no column \(name) for the field \(field.rawValue): add a migration")
            switch field.kind {
            case .text: #expect(column.type.uppercased() == "TEXT" && !column.isNotNull, "\(name)")
            case .list, .links: #expect(column.type.uppercased() == "JSONTEXT" || column.type.uppercased() == "TEXT", "\(name)")
            case .image: Issue.record("the book keeps no picture in a column, but \(field.rawValue) names \(name)")
            }
        }
    }

    /// What a record writes for every field reads back the same, through the columns the table names.
    @Test("a contact's fields go through the book's columns unchanged")
    func fieldsRoundTrip() throws {
        let fields = Fixture.fillingEmpty(CardFields(bio: "Line one\nline two", skills: ["maths", "é😀"])).inBook
        let queue = try DatabaseQueue()
        try BookSchema.migrator.migrate(queue)
        let read = try queue.write { db -> CardFields in
            var record = ContactRecord(details: fields, source: .import, verification: .unverified, trust: .trusted, now: Date())
            try record.insert(db)
            return try #require(try ContactRecord.fetchOne(db, key: record.id)).details
        }
        #expect(read == fields)
        #expect(Set(read.presentFields) == CardField.inBook)
    }
}
