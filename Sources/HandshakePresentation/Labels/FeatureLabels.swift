// Establishes the words for the chat features' settings, as menus show them: each feature's name is the book's
// own (`ChatFeature.label`); what each allowance means is here, so the web app and an app say the same.
import HandshakeStore

/// The words of the chat features' menus.
public enum FeatureLabels {
    /// A feature's name (`ChatFeature.label`).
    public static func name(_ feature: ChatFeature) -> String { feature.label }

    /// What choosing `allowance` means.
    public static func meaning(_ allowance: FeatureAllowance) -> String {
        switch allowance {
        case .always: "Always: even if they do not allow it back"
        case .yes: "Yes: if they allow it too"
        case .no: "No"
        }
    }
}
