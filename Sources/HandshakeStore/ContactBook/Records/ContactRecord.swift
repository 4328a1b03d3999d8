import Foundation
import GRDB
import HandshakeCore

/// One row of `contact`: a person in the book, with what their card says and what only this book knows.
///
/// `id` is the local key every other table points at. `nodeId` is unique when present and absent for
/// people imported from an address book without a verified card: such a vCard can *claim* a Node ID
/// (`claimedNodeId`), but a claim must not occupy the key, or a forged vCard could squat on a real
/// person's identity and make their genuine card look like a conflict.
///
/// A GRDB record: its properties are the table's columns, by the names `BookSchema` gives them, except
/// ``details``, which is one column per card field (the field table's `CardField.bookColumn`). It is read by
/// column name (`ContactRecord+Reading`) and written from one list of columns and values
/// (`ContactRecord+BulkInsert`), which the address-book import also binds by hand, tens of thousands of rows
/// at a time (``ContactRecord/insertForImport(_:)``).
struct ContactRecord: Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "contact"

    var id: Int64?
    // From the card (or, unverified, the vCard).
    var nodeId: String?
    var claimedNodeId: String?
    var sigKey: Data?
    var encKey: Data?
    /// The current signed card, verbatim: re-shared and re-verified as is.
    var cardBytes: Data?
    var cardUpdatedAt: Int64?
    /// What the card (or the vCard) says, in the columns of the fields the book keeps (`CardFields.inBook`).
    var details: CardFields
    /// Lowercased emails and normalised phones, space-separated and wrapped in spaces, so "does anyone
    /// else have this email" is one `LIKE '% x %'` without unpacking JSON.
    var matchKeys: String
    /// Name, emails and phones in one string: the same person written twice in an address book.
    var duplicateKey: String
    /// `alias`, else `name`, else `nodeId`: what lists sort by.
    var displayName: String
    /// The name keys (`Skeleton.nameKey`) of the card's name and of the alias, empty when there is none:
    /// what a name from outside is compared with.
    var nameKey: String
    var aliasKey: String
    // Local fields, never shared.
    var alias: String?
    var trustLevel: TrustLevel
    var addedAt: Date
    var lastSeenAt: Date?
    var notes: String?
    var pinned: Bool
    var muted: Bool
    // How it arrived.
    var source: ContactSource
    var verificationStatus: VerificationStatus
    var exchangedAt: Date?
    // Settings.
    var receipts: ReceiptsSetting
    var messageTTLSeconds: Int?
    var securityCodeVerifiedAt: Date?

    /// The columns queries name, spelled once.
    enum Columns {
        static let id = Column("id")
        static let nodeId = Column("nodeId")
        static let name = Column(CardField.name.rawValue)
        static let alias = Column("alias")
        static let company = Column(CardField.company.rawValue)
        static let displayName = Column("displayName")
        static let pinned = Column("pinned")
        static let trustLevel = Column("trustLevel")
        static let matchKeys = Column("matchKeys")
        static let duplicateKey = Column("duplicateKey")
        static let nameKey = Column("nameKey")
        static let aliasKey = Column("aliasKey")
    }

    /// The row as every insert and update writes it.
    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        for (column, value) in zip(Self.bulkColumns, bulkValues) { container[column] = value }
    }

    /// A new contact's search-index row is written with it, in the same transaction. Not by a trigger:
    /// `BookSchema.v2` says why.
    func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
        let inserted = try insert()
        try db.execute(
            sql: "INSERT INTO contactSearch (rowid, name, alias, company) VALUES (?, ?, ?, ?)",
            arguments: [inserted.rowID, details.name, alias, details.company])
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
