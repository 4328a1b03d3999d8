import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeTestSupport
import Testing

/// A client keeps its session in `session.json` (its owner's alone) and the next client on the same folder
/// (the program's next command) reuses it until the server refuses it; a file others can read is not used.
@Suite struct MailboxSessionFileTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString)", isDirectory: true)
    }

    static func mode(of url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func theNextClientReusesTheSessionUntilItIsRefused() async throws {
        try await LiveMailbox().run { server in
            let folder = Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = MailboxSessionFile(directory: folder)
            let identity = Identity.generate()
            var profile = CardProfile(identity: identity, now: Date())
            try profile.edit(now: Date()) { $0.name = "Ada" }
            let first = MailboxClient(server: server, identity: identity, sessionStore: store)
            try await first.publish(profile.issueCard(identity: identity))
            let kept = try #require(store.session(on: server, for: identity.nodeID))
            #expect(try Self.mode(of: store.file) == 0o600)

            // The next command: it works with the kept token, without signing in (the file is unchanged).
            let second = MailboxClient(server: server, identity: identity, sessionStore: store)
            _ = try await second.createShareLink()
            #expect(store.session(on: server, for: identity.nodeID) == kept)

            // A token the server refuses (here, one it never issued): signed in again, the new one kept.
            store.keep(MailboxSession(token: "refused-refused-refused-refused-refused-ref", nodeID: identity.nodeID, expiresAt: Date().addingTimeInterval(3000)), on: server)
            let third = MailboxClient(server: server, identity: identity, sessionStore: store)
            _ = try await third.createShareLink()
            let renewed = try #require(store.session(on: server, for: identity.nodeID))
            #expect(renewed.token != "refused-refused-refused-refused-refused-ref" && renewed.token != kept.token)

            // Kept for one server and one account only.
            #expect(store.session(on: URL(string: "https://elsewhere.example")!, for: identity.nodeID) == nil)
            #expect(store.session(on: server, for: Identity.generate().nodeID) == nil)
        }
    }

    @Test func aFileOthersCanReadIsNotUsedAndIsRemoved() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = MailboxSessionFile(directory: folder)
        let identity = Identity.generate()
        let server = URL(string: "https://mailbox.example")!
        store.keep(MailboxSession(token: "t", nodeID: identity.nodeID, expiresAt: Date().addingTimeInterval(600)), on: server)
        #expect(store.session(on: server, for: identity.nodeID)?.token == "t")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.file.path)
        #expect(store.session(on: server, for: identity.nodeID) == nil)
        #expect(!FileManager.default.fileExists(atPath: store.file.path))
    }
}
