// Establishes what the contact info screen's preferences form sends: one menu per chat feature
// ("pref-FEATURE"), each `default` (the user's default from Settings) or an allowance for this contact alone.
// A menu missing or unknown leaves that feature as it is. The book applies them as one ContactEdit.
import HandshakeStore

/// Your chat preferences for one contact, as the form asks for them.
struct ContactPreferencesForm: Decodable, Sendable, Equatable {
    var chosen: [ChatFeature: FeatureSetting] = [:]

    /// The name of the menu of `feature`.
    static func menuName(_ feature: ChatFeature) -> String { "pref-" + feature.rawValue }

    /// The value a menu sends for `setting`: `default`, or the allowance's own.
    static func value(_ setting: FeatureSetting) -> String {
        switch setting {
        case .default: "default"
        case .allowance(let allowance): allowance.rawValue
        }
    }

    init(chosen: [ChatFeature: FeatureSetting]) { self.chosen = chosen }

    init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: FormKey.self)
        for feature in ChatFeature.allCases {
            let value = try form.decodeIfPresent(String.self, forKey: FormKey(Self.menuName(feature)))
            if let setting = value.flatMap(FeatureSetting.init(parsing:)) { chosen[feature] = setting }
        }
    }

    /// The edit it asks for.
    var edit: ContactEdit { ContactEdit(preferences: chosen) }
}
