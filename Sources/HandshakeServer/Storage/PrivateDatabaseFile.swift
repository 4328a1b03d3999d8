import Foundation
import HandshakeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the mailbox's SQLite file readable and writable by its owner alone (mode 0600) before SQLite
/// opens it.
///
/// The file holds every account's session-token hashes, share-link hashes and friend requests, so no
/// other user of the machine should read it. SQLite gives the `-wal` and `-shm` files it makes beside a
/// database the database file's own mode, so creating the main file owner-only covers all three. What it
/// does not do: change the mode of a file that already exists — an operator who chose another mode for
/// their own file keeps it.
enum PrivateDatabaseFile {
    /// Creates an empty file at `path` with mode 0600 unless one is already there.
    static func create(at path: String) throws(DatabaseFileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let code = errno
        guard code == EEXIST else {
            throw DatabaseFileError(message: "The database file \(path) could not be created: \(String(cString: strerror(code))).")
        }
    }
}

/// The server's database file could not be created, with the system's reason.
public struct DatabaseFileError: HandshakeError {
    /// What went wrong, as a sentence.
    public let message: String
    /// See ``message``.
    public var description: String { message }
}
