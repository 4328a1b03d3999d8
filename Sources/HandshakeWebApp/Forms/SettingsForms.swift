// Establishes what the Settings forms send: the chat preferences every contact gets by default, one menu per
// feature ("default-FEATURE", a menu missing or unknown leaves that default as it is), and the address of a
// mailbox server to connect to.
import Foundation
import HandshakeStore

/// The default chat preferences the form asks for.
struct DefaultsForm: Decodable, Sendable, Equatable {
    var chosen: [ChatFeature: FeatureAllowance] = [:]

    /// The name of the menu of `feature`.
    static func menuName(_ feature: ChatFeature) -> String { "default-" + feature.rawValue }

    init(from decoder: any Decoder) throws {
        let form = try decoder.container(keyedBy: FormKey.self)
        for feature in ChatFeature.allCases {
            let value = try form.decodeIfPresent(String.self, forKey: FormKey(Self.menuName(feature)))
            if let allowance = value.flatMap(FeatureAllowance.init(rawValue:)) { chosen[feature] = allowance }
        }
    }
}

/// The server address typed in Settings.
struct ServerForm: Decodable, Sendable {
    var server: String?

    enum CodingKeys: String, CodingKey {
        case server
    }

    /// What was typed, without the spaces around it.
    var address: String { (server ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
}
