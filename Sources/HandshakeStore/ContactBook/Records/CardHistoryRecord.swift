import Foundation
import GRDB

/// One row of `cardHistory`: a signed card a contact held before a newer one (or a merged identity's)
/// replaced it. Kept verbatim, so the history stays verifiable.
struct CardHistoryRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "cardHistory"

    var id: Int64?
    var contactId: Int64
    /// The Node ID the card belongs to: after a merge it differs from the contact's current one.
    var nodeId: String
    var cardBytes: Data
    var cardUpdatedAt: Int64
    var replacedAt: Date

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
