// Establishes the app's one client of the account's mailbox server: the server the account is registered
// with (HandshakeMailbox's MailboxRegistration, the file the program reads too), signed in once and reused
// by every screen, and replaced when the person registers with another server or moves to a new key.
import Foundation
import HandshakeCore
import HandshakeIntake
import HandshakeMailbox
import HandshakeStore

actor MailboxConnection {
    /// Where the server is remembered; nil for an app that offers no server.
    let registration: MailboxRegistration?
    /// The account whose key signs in: after a move, the new one.
    let accounts: AccountHolder
    private var current: (server: URL, nodeID: NodeID, client: MailboxClient)?

    init(registration: MailboxRegistration?, accounts: AccountHolder) {
        self.registration = registration
        self.accounts = accounts
    }

    /// How long one call to the server may take before the screen says it did not answer.
    static var configuration: MailboxClient.Configuration {
        var configuration = MailboxClient.Configuration()
        configuration.requestTimeout = .seconds(10)
        return configuration
    }

    /// The registered server, if any.
    nonisolated var server: URL? { registration?.server() }

    /// A client of the registered server; nil when the account has none.
    func client() -> MailboxClient? {
        guard let server = registration?.server() else {
            current = nil
            return nil
        }
        let identity = accounts.account.identity
        if let current, current.server == server, current.nodeID == identity.nodeID { return current.client }
        let client = MailboxClient(server: server, identity: identity, configuration: Self.configuration)
        current = (server, identity.nodeID, client)
        return client
    }

    /// Registers `account` with the server at `address` (as typed): its card names the server and is
    /// published there (HandshakeIntake's `MailboxRegistration.register(_:account:)`).
    @discardableResult
    func register(address: String, account: HandshakeAccount) async throws -> PublishResult {
        guard let registration else { throw MailboxConnectionError.noPlaceToRemember }
        let client = try MailboxClient(serverAddress: address, identity: account.identity, configuration: Self.configuration)
        let result = try await registration.register(client, account: account)
        current = nil
        return result
    }
}

/// Why the app could not connect to a server, when the mailbox client has not said.
enum MailboxConnectionError: Error, CustomStringConvertible {
    case noPlaceToRemember

    var description: String {
        switch self {
        case .noPlaceToRemember: "This app was started without a place to remember a server, so it cannot connect to one."
        }
    }
}
