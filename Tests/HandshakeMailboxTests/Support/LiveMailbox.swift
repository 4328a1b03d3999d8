import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeServer
import HandshakeTestSupport
import Hummingbird
import HummingbirdTesting
import Logging

// The shared manual clock, as the mailbox's clock.
extension ManualClock: MailboxClock {}

/// A real mailbox server (SQLite in memory) listening on a loopback port for the length of one test, and
/// the people the test signs in to it: the client under test talks to it over HTTP as an app would.
struct LiveMailbox {
    let clock: ManualClock
    let server: MailboxServer

    /// A server whose time starts now (cards are signed with the real time and must not be from its future).
    init(policy: MailboxPolicy = MailboxPolicy()) throws {
        clock = ManualClock(Date())
        // The client's tests time nothing of the database's: a generous limit for a loaded machine.
        server = MailboxServer(storage: try SQLiteStorage.inMemory(answerLimit: .seconds(30)), clock: clock, policy: policy, publicURL: "https://mailbox.example")
    }

    /// Runs `body` with the server's base URL while the server listens.
    func run<Value: Sendable>(_ body: @Sendable (URL) async throws -> Value) async throws -> Value {
        var logger = Logger(label: "handshake.mailbox.test")
        logger.logLevel = .warning
        var app = Application(router: server.makeRouter(), services: server.services, logger: logger)
        let server = server
        app.beforeServerStarts { try await server.prepare() }
        return try await app.test(.live) { client in
            guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)") else { throw LiveMailboxError.noPort }
            return try await body(url)
        }
    }

    enum LiveMailboxError: Error { case noPort }
}

/// Someone with an identity and a card, and their client of a server.
struct Person {
    let identity: Identity
    let card: SignedCard
    let client: MailboxClient

    /// A new person named `name` with a client of `server`, their card published.
    static func registered(_ name: String, on server: URL, configuration: MailboxClient.Configuration = .init()) async throws -> Person {
        let identity = Identity.generate()
        var profile = CardProfile(identity: identity, now: Date())
        try profile.edit(now: Date()) { $0.name = name }
        let person = Person(
            identity: identity, card: try profile.issueCard(identity: identity),
            client: MailboxClient(server: server, identity: identity, configuration: configuration))
        try await person.client.publish(person.card)
        return person
    }
}
