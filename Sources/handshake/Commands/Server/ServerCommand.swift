import ArgumentParser
import Foundation
import HandshakeIntake
import HandshakeMailbox

/// `handshake server register`: connects this identity to a mailbox server.
struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Connect to a Handshake mailbox server (share links and friend requests).",
        subcommands: [ServerRegisterCommand.self]
    )
}

/// Signs in to the server with this identity's key and publishes its card; remembers the server.
struct ServerRegisterCommand: AsyncParsableCommand {
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
        do {
            _ = try MailboxClient(serverAddress: server)
        } catch {
            throw ValidationError("--server must be an http or https URL, such as https://handshake.example.org.")
        }
    }

    func run() async throws {
        let home = HandshakeHome.current()
        let account = try home.account()
        let identity = account.identity
        let registration = RegisteredServer.registration(in: home)
        let client = try MailboxClient(serverAddress: server, identity: identity, sessionStore: registration.sessionFile)
        switch try await registration.register(client, account: account) {
        case .published: print("Published your card to \(client.server.absoluteString).")
        case .alreadyCurrent: print("\(client.server.absoluteString) already has this card.")
        }
        print("Registered as \(identity.nodeID.rawValue).")
    }
}
