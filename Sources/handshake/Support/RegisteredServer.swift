import Foundation
import HandshakeCore
import HandshakeMailbox

/// The mailbox server this home is registered with (`handshake server register`), remembered in
/// `server.json`, and the client the program's commands use to talk to it.
enum RegisteredServer {
    static let fileName = "server.json"

    /// The stored file's shape.
    private struct File: Codable {
        let url: String
    }

    /// The server recorded in `home`; an error saying how to register when there is none.
    static func url(in home: HandshakeHome) throws -> URL {
        let file = home.url.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: file), let stored = try? JSONDecoder().decode(File.self, from: data), let url = URL(string: stored.url)
        else { throw CommandFailure("No server yet. Register with one first: handshake server register --server URL") }
        return url
    }

    /// Records `server` as this home's server.
    static func save(_ server: URL, in home: HandshakeHome) throws {
        try FileManager.default.createDirectory(at: home.url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(File(url: server.absoluteString)).write(to: home.url.appendingPathComponent(fileName))
    }

    /// A client of the registered server acting for this home's identity.
    static func client(in home: HandshakeHome) throws -> MailboxClient {
        MailboxClient(server: try url(in: home), identity: try home.identity())
    }
}
