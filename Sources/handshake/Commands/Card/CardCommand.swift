import ArgumentParser

struct CardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Show, edit, share and verify contact cards.",
        subcommands: [
            CardShowCommand.self, CardSetCommand.self, CardProfileCommand.self, CardExportCommand.self, CardVerifyCommand.self,
            CardWalletPassCommand.self, CardServerCommand.self,
        ]
    )
}
