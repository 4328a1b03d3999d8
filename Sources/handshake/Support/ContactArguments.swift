import ArgumentParser
import HandshakeCore
import HandshakeStore

extension TrustLevel: ExpressibleByArgument {
    public init?(argument: String) { self.init(caseInsensitive: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ReceiptsSetting: ExpressibleByArgument {}

/// One `--pref FEATURE=VALUE` argument, as `contact set` and `preferences` take it.
enum PreferenceArgument {
    static func parse(_ item: String) throws -> (ChatFeature, FeatureSetting) {
        let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let feature = ChatFeature(rawValue: parts[0].lowercased()) else {
            throw ValidationError("--pref takes FEATURE=VALUE with FEATURE one of: \(ChatFeature.allCases.map(\.rawValue).joined(separator: ", ")); got \"\(item)\".")
        }
        guard let setting = FeatureSetting(parsing: parts[1]) else {
            throw ValidationError("--pref \(feature.rawValue)= takes always, yes, no or default; got \"\(parts[1])\".")
        }
        return (feature, setting)
    }
}
