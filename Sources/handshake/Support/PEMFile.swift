import Foundation

/// A certificate or key file in PEM, read with a size limit: a certificate chain is a few kilobytes, so a
/// larger file is a mistake (a wrong path, a directory of logs) and is refused before it is read whole.
enum PEMFile {
    /// The most a PEM file may hold: 64 KiB, a long chain of RSA certificates several times over.
    static let maxBytes = 64 * 1024

    /// The text of the PEM file at `path`.
    static func read(_ path: String) throws -> String {
        let data = try LocalFile.read(path, limit: maxBytes)
        guard data.count <= maxBytes else {
            throw CommandFailure("\(path) is over \(maxBytes / 1024) KiB, too large for a PEM certificate or key.")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
