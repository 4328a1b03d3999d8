import ArgumentParser

struct ContactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact",
        abstract: "Look at, change, share, verify or delete one contact.",
        discussion: """
            WHO names the contact: an alias, a name (ignoring case), a Node ID or its first characters, or \
            #ID (the number `contact show --debug` prints). When several contacts match, the candidates are \
            listed and nothing is done.
            """,
        subcommands: [
            ContactShowCommand.self, ContactSetCommand.self, ContactVerifyCommand.self,
            ContactHistoryCommand.self, ContactExportCommand.self, ContactDeleteCommand.self,
        ]
    )
}

/// The WHO argument every `contact` subcommand takes.
struct ContactSelector: ParsableArguments {
    @Argument(help: ArgumentHelp("Alias, name, Node ID (or its start), or #ID.", valueName: "who"))
    var who: String
}
