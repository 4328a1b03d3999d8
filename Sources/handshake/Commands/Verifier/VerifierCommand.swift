import ArgumentParser

/// `handshake verifier`: this identity as an OpenID4VP verifier, through the registered mailbox server.
struct VerifierCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verifier",
        abstract: "Ask people to present card fields to you (OpenID4VP), through your mailbox server.",
        subcommands: [VerifierRequestCommand.self]
    )
}
