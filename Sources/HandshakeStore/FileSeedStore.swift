import Foundation
import HandshakeCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the seed in a file readable by its owner alone (mode 0600), as ssh keeps private keys.
///
/// A seed file that other users can read is refused rather than used: the identity may already be
/// copied, and silently carrying on would hide that. The error says how to fix the permissions.
public struct FileSeedStore: SeedStore {
    /// The seed file.
    public let url: URL

    /// A store for the seed file at `url`; nothing is read or written until asked.
    public init(url: URL) {
        self.url = url
    }

    /// The stored seed, or `nil` when there is no file yet.
    /// - Throws: ``StoreError/seedFileTooOpen(path:mode:)`` when other users can read the file,
    ///   ``StoreError/corruptSeed(path:bytes:)`` when it does not hold a seed.
    public func loadSeed() throws -> IdentitySeed? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw StoreError.unreadable(path: url.path, reason: SystemFailure.reason(errno: errno))
        }
        let permissions = info.st_mode & 0o777
        guard permissions & 0o077 == 0 else {
            throw StoreError.seedFileTooOpen(path: url.path, mode: String(permissions, radix: 8))
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw StoreError.unreadable(path: url.path, reason: SystemFailure.reason(of: error)) }
        guard let seed = IdentitySeed(bytes: [UInt8](data)) else {
            throw StoreError.corruptSeed(path: url.path, bytes: data.count)
        }
        return seed
    }

    /// Writes the seed, readable by its owner alone, in one step: a crash leaves the old seed or the new one,
    /// never half of one.
    /// - Parameters:
    ///   - seed: The seed to keep.
    ///   - replacing: Whether an existing seed may be overwritten; when `false`, an existing file is an error
    ///     (``StoreError/identityExists(path:)``), so an identity is never lost by accident.
    public func saveSeed(_ seed: IdentitySeed, replacing: Bool) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.unwritable(path: url.deletingLastPathComponent().path, reason: SystemFailure.reason(of: error, creatingFolder: true))
        }
        // Write to a private temporary file first: the seed is never briefly world-readable, and a crash never
        // leaves half a seed behind. The name is unique to this call, so two writers never share one.
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw StoreError.unwritable(path: temporary.path, reason: SystemFailure.reason(errno: errno)) }
        defer { unlink(temporary.path) }
        let bytes = seed.rawRepresentation
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == bytes.count, synced == 0 else {
            throw StoreError.unwritable(path: url.path, reason: "the seed could not be written completely")
        }
        if replacing {
            guard rename(temporary.path, url.path) == 0 else {
                throw StoreError.unwritable(path: url.path, reason: SystemFailure.reason(errno: errno))
            }
        } else {
            // link(2) creates the name only if it does not exist, in one step: of two identities created at
            // once, exactly one becomes the seed and the other is refused (checking first, then renaming,
            // let the second silently replace the first).
            guard link(temporary.path, url.path) == 0 else {
                if errno == EEXIST { throw StoreError.identityExists(path: url.path) }
                throw StoreError.unwritable(path: url.path, reason: SystemFailure.reason(errno: errno))
            }
        }
    }
}
