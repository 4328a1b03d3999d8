/// What one side allows the *other* side to do with a feature.
///
/// - `always`: the other side may use it even when it does not allow it back.
/// - `yes`: allowed when the other side allows it too.
/// - `no`: not allowed.
public enum FeatureAllowance: String, Sendable, Codable, CaseIterable {
    /// The other side may use the feature even if it does not allow it back.
    case always
    /// The other side may use the feature if it allows it too.
    case yes
    /// The other side may not use the feature.
    case no
}

/// A per-contact choice: one of the allowances, or "use my default for everyone".
public enum FeatureSetting: Sendable, Equatable, Hashable {
    /// This contact gets this allowance, whatever the default.
    case allowance(FeatureAllowance)
    /// This contact gets the user's default for the feature.
    case `default`

    /// Reads `always`, `yes`, `no` or `default`.
    public init?(parsing text: String) {
        if text.lowercased() == "default" {
            self = .default
        } else if let allowance = FeatureAllowance(rawValue: text.lowercased()) {
            self = .allowance(allowance)
        } else {
            return nil
        }
    }

    /// The allowance in force, given the user's default for this feature.
    public func resolved(userDefault: FeatureAllowance) -> FeatureAllowance {
        switch self {
        case .allowance(let allowance): return allowance
        case .default: return userDefault
        }
    }

    /// The setting as it is written and read back: `always`, `yes`, `no` or `default`.
    public var label: String {
        switch self {
        case .allowance(let allowance): return allowance.rawValue
        case .default: return "default"
        }
    }
}
