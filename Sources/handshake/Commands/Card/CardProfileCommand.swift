import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

struct CardProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Choose which fields of your card you share.",
        discussion: """
            Your Node ID and keys always go out; every other field only if it is in the sharing profile. \
            Every card you hand out is signed afresh with exactly these fields. Without --share, shows the \
            current profile.

            Examples:
              handshake card profile --share name,company,title,emails
              handshake card profile --share all
              handshake card profile --share none
            """
    )

    @Option(help: ArgumentHelp("The fields to share, comma-separated, or `all` or `none`.", valueName: "fields"))
    var share: String?

    @OptionGroup var output: OutputOptions

    var requestedFields: Set<CardField>? {
        get throws {
            guard let share else { return nil }
            switch share.lowercased() {
            case "all": return Set(CardField.allCases)
            case "none", "": return []
            default:
                var fields = Set<CardField>()
                for name in share.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                    guard let field = CardField(name: name) else {
                        throw ValidationError("\"\(name)\" is not a card field; fields are: \(CardField.allCases.map(\.rawValue).joined(separator: ", ")).")
                    }
                    fields.insert(field)
                }
                return fields
            }
        }
    }

    func validate() throws {
        _ = try requestedFields
    }

    func run() async throws {
        let account = try HandshakeHome.current().account()
        let profile = try requestedFields.map { try account.share($0) } ?? account.profile()
        let shared = profile.sharedFields.sorted()
        if output.json {
            try Output.json(["shared": shared.map(\.rawValue)])
        } else {
            print(shared.isEmpty ? "You share only your Node ID and keys." : "You share: \(shared.map(\.rawValue).joined(separator: ", "))")
            let unsharedFilled = profile.card.fields.presentFields.filter { !profile.sharedFields.contains($0) }
            if !unsharedFilled.isEmpty {
                print("Kept to yourself: \(unsharedFilled.map(\.rawValue).joined(separator: ", "))")
            }
        }
        if try requestedFields != nil { await RegisteredServer.publishNewest(in: HandshakeHome.current()) }
    }
}
