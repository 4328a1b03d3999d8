import Foundation
import GRDB
@_spi(Wire) import HandshakeCore

// Establishes how a contact's fields are kept in the `contact` table: each field with a column in the field
// table (`CardField.bookColumn`) in that column, text as text, lists and links as JSON arrays (`JSONColumn`)
// that SQLite's own `json_*` functions read. A field's column is added by a migration of its own.
extension CardFields {
    /// The columns of these fields and their values, in card order.
    var bookColumns: [(column: String, value: DatabaseValue)] {
        CardField.allCases.compactMap { field in
            guard let column = field.bookColumn else { return nil }
            let value: DatabaseValue
            switch (field.kind, self[field]) {
            case (.text, .text(let text)?): value = text.databaseValue
            case (.text, _): value = .null
            case (.list, .list(let entries)?): value = JSONColumn.text(entries).databaseValue
            case (.links, .links(let links)?): value = JSONColumn.text(links).databaseValue
            case (.list, _), (.links, _): value = "[]".databaseValue
            case (.image, _): value = .null
            }
            return (column, value)
        }
    }

    /// The fields a `contact` row holds; a damaged list column is an error, not a crash.
    init(bookRow row: Row) throws {
        self.init()
        for field in CardField.allCases {
            guard let column = field.bookColumn else { continue }
            switch field.kind {
            case .text: self[field] = (row[column] as String?).map(CardFieldValue.text)
            case .list: self[field] = .list(try JSONColumn.value(of: row[column] ?? "[]"))
            case .links: self[field] = .links(try JSONColumn.value(of: row[column] ?? "[]"))
            case .image: continue
            }
        }
    }
}
