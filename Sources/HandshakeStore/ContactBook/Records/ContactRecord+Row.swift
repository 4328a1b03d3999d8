import Foundation
import GRDB

extension ContactRecord {
    /// The `contact` columns this record reads and writes, in the order it reads them.
    enum Columns {
        static let id = Column("id")
        static let nodeId = Column("nodeId")
        static let name = Column("name")
        static let alias = Column("alias")
        static let company = Column("company")
        static let displayName = Column("displayName")
        static let pinned = Column("pinned")
        static let trustLevel = Column("trustLevel")
        static let matchKeys = Column("matchKeys")
        static let duplicateKey = Column("duplicateKey")

        /// Every column, in the order of ``ContactRecord/init(row:)`` and ``ContactRecord/databaseValues``.
        static let all = [
            "id", "nodeId", "claimedNodeId", "sigKey", "encKey", "cardBytes", "cardUpdatedAt",
            "name", "company", "title", "bio", "location", "emails", "phones", "links", "skills",
            "matchKeys", "duplicateKey", "displayName",
            "alias", "trustLevel", "addedAt", "lastSeenAt", "notes", "pinned", "muted",
            "source", "verificationStatus", "exchangedAt",
            "receipts", "messageTTLSeconds", "securityCodeVerifiedAt",
        ]
    }

    /// The row's values, in the order of ``Columns/all``.
    var databaseValues: [DatabaseValue] {
        [
            id.databaseValue, nodeId.databaseValue, claimedNodeId.databaseValue, sigKey.databaseValue,
            encKey.databaseValue, cardBytes.databaseValue, cardUpdatedAt.databaseValue,
            name.databaseValue, company.databaseValue, title.databaseValue, bio.databaseValue, location.databaseValue,
            JSONColumn.text(emails).databaseValue, JSONColumn.text(phones).databaseValue,
            JSONColumn.text(links).databaseValue, JSONColumn.text(skills).databaseValue,
            matchKeys.databaseValue, duplicateKey.databaseValue, displayName.databaseValue,
            alias.databaseValue, trustLevel.rawValue.databaseValue, StoredDate.databaseValue(addedAt), StoredDate.databaseValue(lastSeenAt),
            notes.databaseValue, pinned.databaseValue, muted.databaseValue,
            source.rawValue.databaseValue, verificationStatus.rawValue.databaseValue, StoredDate.databaseValue(exchangedAt),
            receipts.rawValue.databaseValue, messageTTLSeconds.databaseValue, StoredDate.databaseValue(securityCodeVerifiedAt),
        ]
    }
}

extension ContactRecord: FetchableRecord {
    /// Selecting the columns by name keeps ``init(row:)``'s positions right whatever order a later
    /// migration leaves the table's columns in.
    static var databaseSelection: [any SQLSelectable] { Columns.all.map { Column($0) } }

    init(row: Row) throws {
        var columns = RowReader(row)
        id = try columns.next()
        nodeId = try columns.next()
        claimedNodeId = try columns.next()
        sigKey = try columns.next()
        encKey = try columns.next()
        cardBytes = try columns.next()
        cardUpdatedAt = try columns.next()
        name = try columns.next()
        company = try columns.next()
        title = try columns.next()
        bio = try columns.next()
        location = try columns.next()
        emails = try JSONColumn.value(of: columns.next())
        phones = try JSONColumn.value(of: columns.next())
        links = try JSONColumn.value(of: columns.next())
        skills = try JSONColumn.value(of: columns.next())
        matchKeys = try columns.next()
        duplicateKey = try columns.next()
        displayName = try columns.next()
        alias = try columns.next()
        trustLevel = try columns.nextEnum()
        addedAt = try columns.next()
        lastSeenAt = try columns.next()
        notes = try columns.next()
        pinned = try columns.next()
        muted = try columns.next()
        source = try columns.nextEnum()
        verificationStatus = try columns.nextEnum()
        exchangedAt = try columns.next()
        receipts = try columns.nextEnum()
        messageTTLSeconds = try columns.next()
        securityCodeVerifiedAt = try columns.next()
    }
}

extension ContactRecord: TableRecord {
    static let databaseTableName = "contact"

    private static let insertSQL = """
        INSERT INTO contact (\(Columns.all.dropFirst().joined(separator: ", "))) \
        VALUES (\(Array(repeating: "?", count: Columns.all.count - 1).joined(separator: ", ")))
        """
    private static let updateSQL = "UPDATE contact SET \(Columns.all.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
    private static let searchInsertSQL = "INSERT INTO contactSearch (rowid, name, alias, company) VALUES (?, ?, ?, ?)"

    /// Inserts the row and its search-index entry, and takes the id SQLite gave it.
    ///
    /// One prepared statement, reused and bound directly (``GRDB/Statement/run(binding:)``): this runs
    /// once per entry of an address-book import. The search index's row is written here rather than by
    /// a trigger; `BookSchema.v2` says why.
    mutating func insert(_ db: Database) throws {
        try db.cachedStatement(sql: Self.insertSQL).run(binding: Array(databaseValues.dropFirst()))
        let id = db.lastInsertedRowID
        self.id = id
        try db.cachedStatement(sql: Self.searchInsertSQL)
            .run(binding: [id.databaseValue, name.databaseValue, alias.databaseValue, company.databaseValue])
    }

    /// Writes every column of the row back.
    func update(_ db: Database) throws {
        guard let id else { throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "updating a contact that was never inserted") }
        try db.cachedStatement(sql: Self.updateSQL).run(binding: databaseValues.dropFirst() + [id.databaseValue])
    }

    /// Inserts a new row or updates the stored one.
    mutating func save(_ db: Database) throws {
        if id == nil { try insert(db) } else { try update(db) }
    }
}

/// Reads a row's columns one after another, throwing (never trapping) on a value of the wrong type, so a
/// damaged book file gives an error rather than a crash.
private struct RowReader {
    let row: Row
    var index = 0

    init(_ row: Row) {
        self.row = row
    }

    mutating func next<Value: DatabaseValueConvertible>() throws -> Value {
        defer { index += 1 }
        return try row.decode(Value.self, atIndex: index)
    }

    mutating func nextEnum<Value: RawRepresentable>() throws -> Value where Value.RawValue == String {
        let text: String = try next()
        guard let value = Value(rawValue: text) else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "unexpected value \(text) in column \(ContactRecord.Columns.all[index - 1])")
        }
        return value
    }
}
