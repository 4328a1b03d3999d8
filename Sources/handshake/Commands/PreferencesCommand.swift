import ArgumentParser
import HandshakeStore

struct PreferencesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preferences",
        abstract: "Show or change your own default chat preferences.",
        discussion: """
            Every contact whose preference for a feature is left at "default" uses yours. A contact's own \
            setting (handshake contact set WHO --pref …) goes before it.
              always   allowed, and you ask contacts to allow it too
              yes      allowed when the contact allows it
              no       not allowed
              default  the built-in default again
            Features: \(ChatFeature.allCases.map { "\($0.rawValue) (built in: \($0.defaultAllowance.rawValue))" }.joined(separator: ", ")).

            Examples:
              handshake preferences
              handshake preferences --pref voice=no --pref files=yes
            """
    )

    @Option(help: ArgumentHelp("A default, FEATURE=always|yes|no|default; repeat for more.", valueName: "feature=value")) var pref: [String] = []
    @OptionGroup var output: OutputOptions

    func validate() throws {
        _ = try changes()
    }

    /// The requested defaults, each feature once; "default" gives the built-in one back.
    func changes() throws -> [(ChatFeature, FeatureAllowance)] {
        try pref.map { item in
            switch try PreferenceArgument.parse(item) {
            case (let feature, .allowance(let allowance)): (feature, allowance)
            case (let feature, .default): (feature, feature.defaultAllowance)
            }
        }
    }

    func run() throws {
        let book = try HandshakeHome.current().contactBook()
        for (feature, allowance) in try changes() { try book.setUserDefault(feature, allowance) }
        let defaults = try book.userDefaultPreferences()
        if output.json {
            try Output.json(Dictionary(uniqueKeysWithValues: defaults.map { ($0.key.rawValue, $0.value.rawValue) }))
            return
        }
        print("Your defaults (used for every contact left at \"default\"):")
        for feature in ChatFeature.allCases {
            let allowance = defaults[feature] ?? feature.defaultAllowance
            let note = allowance == feature.defaultAllowance ? "" : "  (built in: \(feature.defaultAllowance.rawValue))"
            print("  \(feature.label.padding(toLength: 22, withPad: " ", startingAt: 0)) \(allowance.rawValue)\(note)")
        }
    }
}
