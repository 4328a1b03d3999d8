import Foundation

/// Files that hold a secret for a moment (the session token standing in for an NFC tag): written only
/// readable by their owner and in one step, so the other process never reads half a token; read with a
/// bound, so a wrong file is refused without being read whole. Failures are ``LocalFile``'s sentences.
enum SecretFile {
    /// Writes `bytes` to `url` with mode 0600, replacing the file in one rename.
    static func write(_ bytes: [UInt8], to url: URL) throws {
        try LocalFile.write(bytes, to: url.path, permissions: 0o600)
    }

    /// Reads at most `limit` + 1 bytes of `url` (the decoder says when that is too many).
    static func read(_ url: URL, limit: Int) throws -> [UInt8] {
        try LocalFile.read(url.path, limit: limit)
    }
}
