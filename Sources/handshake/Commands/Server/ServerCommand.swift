import ArgumentParser
import Foundation

/// `handshake server register`: connects this identity to a mailbox server.
struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Connect to a Handshake mailbox server (share links and friend requests).",
        subcommands: [ServerRegisterCommand.self]
    )
}

/// Signs in to the server with this identity's key and publishes its card; remembers the server.
struct ServerRegisterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Sign in to a mailbox server with your key and publish your card there.",
        discussion: """
            No password: the server sends a challenge and your key signs it. The server is remembered in \
            $HANDSHAKE_HOME/server.json for the link and request commands. Run it again after editing \
            your card to publish the new one.
            """
    )

    @Option(help: ArgumentHelp("The server's base URL, as its operator gave it.", valueName: "url"))
    var server: String

    func validate() throws {
        guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--server must be an http or https URL, such as https://handshake.example.org.")
        }
    }

    func run() throws {
        let home = HandshakeHome.current()
        let identity = try home.identity()
        var client = MailboxClient(baseURL: server.hasSuffix("/") ? String(server.dropLast()) : server)
        try client.signIn(identity)
        let card = try home.issueCard(for: identity)
        do {
            try client.call("PUT", "/v1/account/card", raw: card.bytes)
            print("Published your card to \(client.baseURL).")
        } catch let refusal as MailboxClient.Refusal where refusal.code == "card_not_newer" {
            print("\(client.baseURL) already has this card.")
        }
        try client.save(in: home)
        print("Registered as \(identity.nodeID.rawValue).")
    }
}
