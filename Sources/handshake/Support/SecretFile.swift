import Foundation

/// Files that hold a secret for a moment (the session token standing in for an NFC tag): written only
/// readable by their owner and in one step, so the other process never reads half a token; read with a
/// bound, so a wrong file is refused without being read whole.
enum SecretFile {
    struct Failure: Error, LocalizedError {
        let errorDescription: String?
    }

    /// Writes `bytes` to `url` with mode 0600, replacing the file in one rename.
    static func write(_ bytes: [UInt8], to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            throw Failure(errorDescription: "cannot create a file in \(url.deletingLastPathComponent().path)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw Failure(errorDescription: reason)
        }
    }

    /// Reads at most `limit` + 1 bytes of `url` (the decoder says when that is too many).
    static func read(_ url: URL, limit: Int) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw Failure(errorDescription: FileManager.default.fileExists(atPath: url.path) ? "it cannot be opened" : "there is no such file")
        }
        defer { try? handle.close() }
        return try InputSource.readBounded(handle, limit: limit)
    }
}
