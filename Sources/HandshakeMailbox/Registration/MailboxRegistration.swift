// Establishes which mailbox server an account uses, remembered beside the account's other files so that
// every front end on the same folder (the program, the local web app) talks to the same server. Registering
// is publishing the account's card there (the first sign-in creates the account) and then remembering the
// server: a server that refused the card is never remembered.
import Foundation
import HandshakeCore

/// The mailbox server an account is registered with, kept in a small JSON file (`server.json`).
///
/// ```swift
/// let registration = MailboxRegistration(directory: home)
/// try await registration.register(MailboxClient(serverAddress: "https://handshake.example.org", identity: identity), card: card)
/// let client = try registration.client(for: identity)   // nil until registered
/// ```
public struct MailboxRegistration: Sendable {
    /// The file's name in an account's folder.
    public static let fileName = "server.json"

    /// Where the server is remembered.
    public let file: URL

    /// The registration kept in `file`.
    public init(file: URL) {
        self.file = file
    }

    /// The registration kept in an account's folder, as the `handshake` program keeps it.
    public init(directory: URL) {
        self.init(file: directory.appendingPathComponent(Self.fileName))
    }

    /// The stored file's shape.
    private struct Stored: Codable {
        let url: String
    }

    /// The server registered with; nil when there is none (or the file cannot be read as one).
    public func server() -> URL? {
        guard let data = try? Data(contentsOf: file), let stored = try? JSONDecoder().decode(Stored.self, from: data) else { return nil }
        return URL(string: stored.url)
    }

    /// Where a client of this account keeps its session between runs: `session.json` beside this file,
    /// readable by its owner alone (``MailboxSessionFile``).
    public var sessionFile: MailboxSessionFile {
        MailboxSessionFile(directory: file.deletingLastPathComponent())
    }

    /// A client of the registered server acting for `identity`, keeping its session in ``sessionFile``;
    /// nil when there is none.
    public func client(for identity: Identity, configuration: MailboxClient.Configuration = .init()) -> MailboxClient? {
        server().map { MailboxClient(server: $0, identity: identity, configuration: configuration, sessionStore: sessionFile) }
    }

    /// Publishes `card` on `client`'s server as the account's card, then remembers that server.
    /// - Returns: whether the server stored the card or already had it.
    /// - Throws: ``MailboxClientError`` when the server cannot be reached or refuses (nothing is
    ///   remembered); ``MailboxRegistrationError`` when the registration cannot be written.
    @discardableResult
    public func register(_ client: MailboxClient, card: SignedCard) async throws -> PublishResult {
        let result = try await client.publish(card)
        try remember(client.server)
        return result
    }

    /// Records `server` as the account's server, creating the folder (mode 0700) if needed.
    public func remember(_ server: URL) throws(MailboxRegistrationError) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: folder.path, reason: SystemFailure.reason(of: error, creatingFolder: true))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(Stored(url: server.absoluteString)).write(to: file, options: .atomic)
        } catch {
            throw .unwritable(path: file.path, reason: SystemFailure.reason(of: error))
        }
    }
}

/// Why the registered server could not be remembered.
public enum MailboxRegistrationError: HandshakeError, Equatable {
    /// The file (or its folder) at `path` could not be written; `reason` is the system's, in words.
    case unwritable(path: String, reason: String)

    /// A sentence to show the person.
    public var description: String {
        switch self {
        case .unwritable(let path, let reason): "The server could not be remembered: \(path) can't be written: \(reason)."
        }
    }
}
