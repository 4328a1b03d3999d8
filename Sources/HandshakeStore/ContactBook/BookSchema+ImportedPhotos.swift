import GRDB

extension BookSchema {
    /// The photos of address-book entries (``ImportedPhotoRecord``), one per contact at most.
    static func v4(_ db: Database) throws {
        try db.create(table: "importedPhoto") { t in
            t.primaryKey("contactId", .integer).references("contact", onDelete: .cascade)
            t.column("data", .blob).notNull()
        }
    }
}
