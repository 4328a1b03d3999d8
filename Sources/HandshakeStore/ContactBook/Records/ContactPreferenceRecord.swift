import GRDB

/// One row of `contactPreference`: for one contact and one feature, what the user allows (absent: the
/// user's default) and what the contact said they allow (absent: not heard yet, so the feature's default).
struct ContactPreferenceRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "contactPreference"

    var contactId: Int64
    var feature: ChatFeature
    var userAllows: FeatureAllowance?
    var contactAllows: FeatureAllowance?
}
