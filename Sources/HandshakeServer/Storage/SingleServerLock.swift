// Establishes that one SQLite database file is served by one `handshake serve` at a time: the first holds an
// exclusive advisory lock (flock) on a file beside it for as long as it runs, and a second is refused at once
// with a sentence instead of two servers sharing rate limits and event ids through one file. The kernel
// releases the lock when the process ends, however it ends, so a server killed with SIGKILL does not leave
// the file locked. Several instances share a PostgreSQL database instead.
import Foundation
import HandshakeCore

/// The lock a server holds on its SQLite file while it runs.
final class SingleServerLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock for the database at `databasePath` (on `databasePath-serve.lock`).
    /// - Throws: ``MailboxStorageError/databaseInUse(_:)`` when another server holds it.
    init(databasePath: String) throws {
        let path = databasePath + "-serve.lock"
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw MailboxStorageError.lockUnavailable(path, String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            close(descriptor)
            if reason == EWOULDBLOCK { throw MailboxStorageError.databaseInUse(databasePath) }
            throw MailboxStorageError.lockUnavailable(path, String(cString: strerror(reason)))
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}

/// Why the storage could not be opened.
public enum MailboxStorageError: HandshakeError, Equatable {
    /// Another `handshake serve` serves this SQLite file.
    case databaseInUse(String)
    /// The lock file beside the database could not be made (the folder is not writable).
    case lockUnavailable(String, String)

    /// The sentence for the operator.
    public var description: String {
        switch self {
        case .databaseInUse(let path):
            "Another handshake serve is already using \(path). A SQLite database belongs to one server; stop the other one, or run several instances on PostgreSQL (--database postgres://…)."
        case .lockUnavailable(let path, let reason): "The lock file \(path) could not be made: \(reason)."
        }
    }
}
