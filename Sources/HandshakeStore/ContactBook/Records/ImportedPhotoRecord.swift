import Foundation
import GRDB

/// One row of `importedPhoto`: the photo an address-book entry carried, kept as its avatar. A verified
/// contact's avatar is in its signed card instead; this table holds only what an unverified vCard gave.
struct ImportedPhotoRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "importedPhoto"

    var contactId: Int64
    /// The image file's bytes (a PNG or JPEG within the avatar limit, checked on import).
    var data: Data
}
