import Foundation
import GRDB
@_spi(Wire) import HandshakeCore

// Establishes how a contact's fields are kept in the `contact` table: each field with a column in the field
// table (`CardField.bookColumn`) in that column, text as text, lists and links as JSON arrays (`JSONColumn`)
// that SQLite's own `json_*` functions read. A field's column is added by a migration of its own.
extension CardFields {
    /// The fields with a column, the column's name and the field's kind (a list is a JSON array, never
    /// NULL): read from the table once, as every row of a large import or listing needs them.
    private static let columns: [(field: CardField, name: String, kind: CardField.Kind)] = CardField.allCases.compactMap { field in
        field.bookColumn.map { (field, $0, field.kind) }
    }

    /// The names of the fields' columns, in the order of ``bookValues``.
    static var bookColumnNames: [String] { columns.map(\.name) }

    /// The values of these fields' columns, in the order of ``bookColumnNames``.
    var bookValues: [DatabaseValue] {
        Self.columns.map { column in
            switch self[column.field] {
            case .text(let text)?: text.databaseValue
            case .list(let entries)?: JSONColumn.text(entries).databaseValue
            case .links(let links)?: JSONColumn.text(links).databaseValue
            case nil, .image?:
                switch column.kind {
                case .list, .links: "[]".databaseValue
                case .text, .image: .null
                }
            }
        }
    }

    /// The fields a `contact` row holds; a damaged list column is an error, not a crash.
    init(bookRow row: Row) throws {
        self.init()
        for column in Self.columns {
            switch column.kind {
            case .text: self[column.field] = (row[column.name] as String?).map(CardFieldValue.text)
            case .list: self[column.field] = .list(try JSONColumn.value(of: row[column.name] ?? "[]"))
            case .links: self[column.field] = .links(try JSONColumn.value(of: row[column.name] ?? "[]"))
            case .image: continue
            }
        }
    }
}
