import Foundation
import GRDB
import HandshakeCore

/// The columns and values of a contact row, which every insert and update writes (``ContactRecord``'s
/// `encode(to:)`), and the address-book import binds by hand.
///
/// An import writes 100,000 rows in a few seconds. Through `Codable` each row cost tens of microseconds of
/// generic encoding, and GRDB's argument checking and `DateFormatter` more than SQLite's own work, so this
/// path lists the columns once, converts each value directly, and binds them through SQLite's C API
/// (``GRDB/Statement/run(binding:)``). A test checks that it writes exactly what a record insert writes. Changes made this way bypass GRDB's change tracking: the import tells observers itself
/// (`Database.notifyChanges(in:)`), once per transaction.
extension ContactRecord {
    /// Every column but `id`, in the order of ``bulkValues``: the book's own, then the fields'.
    static let bulkColumns: [String] = [
        "nodeId", "claimedNodeId", "sigKey", "encKey", "cardBytes", "cardUpdatedAt",
        "matchKeys", "duplicateKey", "displayName", "nameKey", "aliasKey",
        "alias", "trustLevel", "addedAt", "lastSeenAt", "notes", "pinned", "muted",
        "source", "verificationStatus", "exchangedAt",
        "receipts", "messageTTLSeconds", "securityCodeVerifiedAt",
    ] + CardFields.bookColumnNames

    /// The row's values but `id`, in the order of ``bulkColumns``.
    var bulkValues: [DatabaseValue] {
        let own: [DatabaseValue] = [
            nodeId.databaseValue, claimedNodeId.databaseValue, sigKey.databaseValue,
            encKey.databaseValue, cardBytes.databaseValue, cardUpdatedAt.databaseValue,
            matchKeys.databaseValue, duplicateKey.databaseValue, displayName.databaseValue, nameKey.databaseValue, aliasKey.databaseValue,
            alias.databaseValue, trustLevel.rawValue.databaseValue, StoredDate.databaseValue(addedAt), StoredDate.databaseValue(lastSeenAt),
            notes.databaseValue, pinned.databaseValue, muted.databaseValue,
            source.rawValue.databaseValue, verificationStatus.rawValue.databaseValue, StoredDate.databaseValue(exchangedAt),
            receipts.rawValue.databaseValue, messageTTLSeconds.databaseValue, StoredDate.databaseValue(securityCodeVerifiedAt),
        ]
        return own + details.bookValues
    }

    private static let bulkInsertSQL = """
        INSERT INTO contact (\(bulkColumns.joined(separator: ", "))) \
        VALUES (\(Array(repeating: "?", count: bulkColumns.count).joined(separator: ", ")))
        """
    private static let bulkSearchInsertSQL = "INSERT INTO contactSearch (rowid, name, alias, company) VALUES (?, ?, ?, ?)"

    /// Inserts the row and its search-index entry, and takes the id SQLite gave it. One prepared
    /// statement, reused and bound directly; the caller notifies observers when its transaction is done.
    mutating func insertForImport(_ db: Database) throws {
        try db.cachedStatement(sql: Self.bulkInsertSQL).run(binding: bulkValues)
        let id = db.lastInsertedRowID
        self.id = id
        try db.cachedStatement(sql: Self.bulkSearchInsertSQL)
            .run(binding: [id.databaseValue, details.name.databaseValue, alias.databaseValue, details.company.databaseValue])
    }
}
