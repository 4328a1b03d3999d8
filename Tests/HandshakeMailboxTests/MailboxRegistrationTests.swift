import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeTestSupport
import Testing

/// Which server an account uses, remembered in `server.json` for every front end on the same folder:
/// registering publishes the card first, and a server that cannot be reached is never remembered.
@Suite struct MailboxRegistrationTests {
    static func card(of identity: Identity) throws -> SignedCard {
        try Fixture.namedCard("Ada", by: identity)
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("registration-\(UUID().uuidString)", isDirectory: true)
    }

    @Test func registeringPublishesTheCardThenRemembersTheServer() async throws {
        try await LiveMailbox().run { server in
            let folder = Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let registration = MailboxRegistration(directory: folder)
            #expect(registration.server() == nil)
            let identity = Identity.generate()
            let card = try Self.card(of: identity)
            #expect(try await registration.register(MailboxClient(server: server, identity: identity), card: card) == .published(updatedAt: card.card.updatedAt))
            #expect(registration.server() == server)
            // The file the program writes and reads.
            let stored = try String(contentsOf: folder.appendingPathComponent("server.json"), encoding: .utf8)
            #expect(stored.contains("\"url\" : \"\(server.absoluteString)\""))
            let client = try #require(registration.client(for: identity))
            #expect(try await client.card(of: identity.nodeID) == card)
        }
    }

    @Test func aServerThatCannotBeReachedIsNotRemembered() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let registration = MailboxRegistration(directory: folder)
        let identity = Identity.generate()
        let card = try Self.card(of: identity)
        let client = try MailboxClient(serverAddress: "http://127.0.0.1:1", identity: identity)
        await #expect(throws: MailboxClientError.self) { try await registration.register(client, card: card) }
        #expect(registration.server() == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("server.json").path))
    }

    @Test func aDamagedFileIsNoServer() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("server.json"))
        #expect(MailboxRegistration(directory: folder).server() == nil)
    }

    @Test func aServerThatCannotBeWrittenDownIsASentence() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A file where the account's folder should be: the folder cannot be made.
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder)
        let registration = MailboxRegistration(directory: folder)
        let server = try #require(URL(string: "https://mailbox.example"))
        #expect(throws: MailboxRegistrationError.unwritable(path: folder.path, reason: "it is a file, not a folder")) {
            try registration.remember(server)
        }
    }
}
