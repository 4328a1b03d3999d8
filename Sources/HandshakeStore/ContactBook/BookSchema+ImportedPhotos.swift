import GRDB

extension BookSchema {
    /// The photos of address-book entries (``ImportedPhotoRecord``), one per contact at most.
    static func v4(_ db: Database) throws {
        try db.create(table: ImportedPhotoRecord.databaseTableName) { t in
            t.primaryKey("contactId", .integer).references(ContactRecord.databaseTableName, onDelete: .cascade)
            t.column("data", .blob).notNull()
        }
    }
}
