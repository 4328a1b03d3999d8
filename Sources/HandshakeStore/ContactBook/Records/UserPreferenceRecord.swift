import GRDB

/// One row of `userPreference`: the user's own default for a feature, used by every contact whose
/// setting is "default". A missing row means the feature's built-in default.
struct UserPreferenceRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "userPreference"

    var feature: ChatFeature
    var allows: FeatureAllowance
}
