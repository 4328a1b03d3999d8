import ArgumentParser
import Foundation
import HandshakeCore

struct CardShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show your card: every field, your Node ID and did:key, and which fields you share."
    )

    @OptionGroup var output: OutputOptions

    func run() throws {
        let home = HandshakeHome.current()
        let profile = try home.account().profile()
        if output.json {
            try Output.json(OwnCardJSON(card: profile.card, shared: profile.sharedFields.sorted()))
        } else {
            CardPrinter.print(profile.card, shared: profile.sharedFields)
        }
    }
}

/// The card's JSON (see ``ContactCard``'s `Codable` form) plus the sharing profile.
struct OwnCardJSON: Encodable {
    let card: ContactCard
    let shared: [CardField]

    enum CodingKeys: String, CodingKey { case shared }

    func encode(to encoder: any Encoder) throws {
        try card.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(shared, forKey: .shared)
    }
}
