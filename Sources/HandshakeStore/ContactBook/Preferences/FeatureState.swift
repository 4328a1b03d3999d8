/// Who can use a feature in a conversation, once both sides' allowances are combined.
///
/// "For you" means the user of this book may use the feature toward the contact (the contact allows it);
/// "for contact" means the contact may use it toward the user (the user allows it).
public struct FeatureState: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Whether the user of this book may use the feature toward the contact.
    public var forUser: Bool
    /// Whether the contact may use the feature toward the user.
    public var forContact: Bool

    /// A state from its two halves; ``combine(user:contact:asymmetric:)`` works it out from the allowances.
    public init(forUser: Bool, forContact: Bool) {
        self.forUser = forUser
        self.forContact = forContact
    }

    /// Combines the user's allowance and the contact's, following SimpleX Chat's rule (`prefEnabled`):
    ///
    /// | user \ contact | always | yes | no |
    /// |---|---|---|---|
    /// | always | both | both | contact only¹ |
    /// | yes | both | both | off |
    /// | no | user only¹ | off | off |
    ///
    /// ¹ only for asymmetric features; for disappearing messages these are off. An allowance is permission
    /// given to the *other* side: a user who allows a feature `always` lets the contact use it even though
    /// the contact refuses it back, so it is the contact who can use it.
    public static func combine(user: FeatureAllowance, contact: FeatureAllowance, asymmetric: Bool) -> FeatureState {
        switch (user, contact) {
        case (.always, .no): return FeatureState(forUser: false, forContact: asymmetric)
        case (.no, .always): return FeatureState(forUser: asymmetric, forContact: false)
        case (_, .no), (.no, _): return FeatureState(forUser: false, forContact: false)
        default: return FeatureState(forUser: true, forContact: true)
        }
    }

    /// The combination for one feature.
    public static func combine(_ feature: ChatFeature, user: FeatureAllowance, contact: FeatureAllowance) -> FeatureState {
        combine(user: user, contact: contact, asymmetric: feature.isAsymmetric)
    }

    /// The words the contact info page shows.
    public var description: String {
        switch (forUser, forContact) {
        case (true, true): return "enabled"
        case (true, false): return "enabled for you"
        case (false, true): return "enabled for contact"
        case (false, false): return "off"
        }
    }
}
