// Establishes where a client keeps its bearer token between runs, so a program that starts once per command
// (the `handshake` program) signs in once an hour rather than on every command: two requests less each time,
// and no sign-in counted against the server's limits while the token is good. The token acts for the account
// until it expires, so the file is its owner's alone (mode 0600, written whole through a private temporary file,
// as the seed file is); a file others could read is not used, and is removed: the token in it may be copied.
// What it does not do: keep more than one session (one server and one identity per folder, as server.json).
import Foundation
import HandshakeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a ``MailboxClient`` keeps its session between runs.
public protocol MailboxSessionStore: Sendable {
    /// The session kept for `server` and `nodeID`; nil when there is none (or another server's or
    /// account's).
    func session(on server: URL, for nodeID: NodeID) -> MailboxSession?
    /// Keeps `session`, for `server`, in place of any other.
    func keep(_ session: MailboxSession, on server: URL)
    /// Forgets any session kept.
    func forget()
}

/// A session kept in a file readable by its owner alone (`session.json` in an account's folder).
public struct MailboxSessionFile: MailboxSessionStore {
    /// The file's name in an account's folder.
    public static let fileName = "session.json"

    /// Where the session is kept.
    public let file: URL

    /// The session file in an account's folder, beside `server.json`.
    public init(directory: URL) {
        file = directory.appendingPathComponent(Self.fileName)
    }

    private struct Stored: Codable {
        let server: String
        let nodeId: String
        let token: String
        let expiresAt: Date
    }

    /// The session kept for `server` and `nodeID`, if the file is its owner's alone and holds one.
    public func session(on server: URL, for nodeID: NodeID) -> MailboxSession? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        guard info.st_mode & 0o077 == 0 else {
            // Others could read the token: it is not used, and not left for them either.
            forget()
            return nil
        }
        guard let data = try? Data(contentsOf: file), let stored = try? JSONDecoder.mailbox.decode(Stored.self, from: data),
            stored.server == server.absoluteString, stored.nodeId == nodeID.rawValue
        else { return nil }
        return MailboxSession(token: stored.token, nodeID: nodeID, expiresAt: stored.expiresAt)
    }

    /// Writes `session` through a temporary file created mode 0600, then renames it into place: the token is
    /// never readable by others, and a crash leaves the old file or the new one. A failure to write is not
    /// an error: the next run signs in again.
    public func keep(_ session: MailboxSession, on server: URL) {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let stored = Stored(server: server.absoluteString, nodeId: session.nodeID.rawValue, token: session.token, expiresAt: session.expiresAt)
        guard let data = try? JSONEncoder.mailbox.encode(stored) else { return }
        let temporary = folder.appendingPathComponent(".\(Self.fileName).\(getpid()).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written != data.count || rename(temporary.path, file.path) != 0 { unlink(temporary.path) }
    }

    /// Removes the file.
    public func forget() {
        unlink(file.path)
    }
}
