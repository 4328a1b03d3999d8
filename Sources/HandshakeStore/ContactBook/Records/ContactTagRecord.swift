import GRDB

/// One row of `contactTag`: a tag the user put on a contact. Unique per contact, ignoring case.
struct ContactTagRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "contactTag"

    var contactId: Int64
    var tag: String
}
