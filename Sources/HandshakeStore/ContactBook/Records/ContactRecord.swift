import Foundation
import GRDB

/// One row of `contact`: a person in the book, with what their card says and what only this book knows.
///
/// `id` is the local key every other table points at. `nodeId` is unique when present and absent for
/// people imported from an address book without a verified card: such a vCard can *claim* a Node ID
/// (`claimedNodeId`), but a claim must not occupy the key, or a forged vCard could squat on a real
/// person's identity and make their genuine card look like a conflict.
///
/// A plain GRDB record: its properties are the table's columns, by the names `BookSchema.v1` gives them
/// (minus the nearby columns `v3` moved to `exchange`), and it is read and written through `Codable`.
/// The one exception is the address-book import, which writes tens of thousands of rows at a time
/// through a hand-bound statement (``ContactRecord/insertForImport(_:)``, `ContactRecord+BulkInsert`).
struct ContactRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
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
    var name: String?
    var company: String?
    var title: String?
    var bio: String?
    var location: String?
    /// JSON arrays in text columns.
    var emails: [String]
    var phones: [String]
    var links: [SocialLinkColumn]
    var skills: [String]
    /// Lowercased emails and normalised phones, space-separated and wrapped in spaces, so "does anyone
    /// else have this email" is one `LIKE '% x %'` without unpacking JSON.
    var matchKeys: String
    /// Name, emails and phones in one string: the same person written twice in an address book.
    var duplicateKey: String
    /// `alias`, else `name`, else `nodeId`: what lists sort by.
    var displayName: String
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
        static let id = Column(CodingKeys.id)
        static let nodeId = Column(CodingKeys.nodeId)
        static let name = Column(CodingKeys.name)
        static let alias = Column(CodingKeys.alias)
        static let company = Column(CodingKeys.company)
        static let displayName = Column(CodingKeys.displayName)
        static let pinned = Column(CodingKeys.pinned)
        static let trustLevel = Column(CodingKeys.trustLevel)
        static let matchKeys = Column(CodingKeys.matchKeys)
        static let duplicateKey = Column(CodingKeys.duplicateKey)
    }

    /// List columns are written as the import writes them (`JSONColumn`): sorted keys, slashes of URLs
    /// left as they are.
    static func databaseJSONEncoder(for column: String) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A new contact's search-index row is written with it, in the same transaction. Not by a trigger:
    /// `BookSchema.v2` says why.
    func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
        let inserted = try insert()
        try db.execute(
            sql: "INSERT INTO contactSearch (rowid, name, alias, company) VALUES (?, ?, ?, ?)",
            arguments: [inserted.rowID, name, alias, company])
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A social link as stored inside the `links` JSON column.
struct SocialLinkColumn: Codable, Sendable, Equatable {
    var platform: String
    var handle: String?
    var url: String?
}
