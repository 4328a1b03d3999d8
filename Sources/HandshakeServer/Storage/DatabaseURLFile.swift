// Establishes how `handshake serve --database-file FILE` reads the database URL: from the file's first line,
// and only from a file no other user of the machine can read or write, since the URL holds the database's
// password. ssh refuses a private key others can read, and libpq ignores a ~/.pgpass that others can; a
// password file that was open to everyone was accepted without a word before. What it does not check: who
// owns the file, or the folders above it.
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file that holds the `--database` value (a URL with a password) on its first line.
public enum DatabaseURLFile {
    /// The first line of the file at `path`, trimmed.
    /// - Throws: ``DatabaseLocationError`` with a sentence when the file cannot be read, is empty, or its
    ///   mode lets its group or other users read or write it.
    public static func read(_ path: String) throws(DatabaseLocationError) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw DatabaseLocationError(message: "\(path) can't be read (--database-file names the file that holds the database URL): \(String(cString: strerror(errno))).")
        }
        let permissions = info.st_mode & 0o777
        guard permissions & 0o077 == 0 else {
            let abilities = [(mode_t(0o044), "read"), (mode_t(0o022), "change")].filter { permissions & $0.0 != 0 }.map(\.1)
            throw DatabaseLocationError(
                message: """
                    \(path) holds the database's password, and other users of this machine can \(abilities.isEmpty ? "open" : abilities.joined(separator: " and ")) it \
                    (mode \(String(permissions, radix: 8))). Make it yours alone with chmod 600 \(path), and change the password if someone may have read it.
                    """)
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw DatabaseLocationError(message: "\(path) can't be read (--database-file names the file that holds the database URL).")
        }
        let line = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !line.isEmpty else { throw DatabaseLocationError(message: "\(path) is empty: its first line must be the database URL.") }
        return line
    }
}
