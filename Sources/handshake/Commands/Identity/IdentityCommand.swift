import ArgumentParser

struct IdentityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identity",
        abstract: "Back up and restore your identity.",
        subcommands: [IdentityBackupCommand.self, IdentityRestoreCommand.self]
    )
}
