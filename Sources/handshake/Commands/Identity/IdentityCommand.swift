import ArgumentParser

struct IdentityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identity",
        abstract: "Back up, restore or move your identity.",
        subcommands: [IdentityBackupCommand.self, IdentityRestoreCommand.self, IdentityMoveCommand.self]
    )
}
