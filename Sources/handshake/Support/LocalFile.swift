import Foundation
import HandshakeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Files the program reads and writes at a path a person typed (a card, an address book, a certificate, a
/// photo, an export): every way that can fail is a sentence naming the path and what is wrong ("… is a
/// folder, not a file"), never Foundation's "NSCocoaErrorDomain Code=256". Reading is bounded: a wrong path
/// (a disk image, a log) is refused after `limit` + 1 bytes, not read whole.
enum LocalFile {
    /// At most `limit` + 1 bytes of the file at `path` (one byte past the limit says there is more).
    /// `holding` names what the file should hold ("the card or code"), for the sentence when `path` is a folder.
    static func read(_ path: String, limit: Int, holding: String? = nil) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, errno, reading: true) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path, errno, reading: true) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw failure(path, EISDIR, reading: true, holding: holding) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno, reading: true)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    /// Whether `path` names something that exists (a file, a folder, a device).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Writes `bytes` to `path` in one step (a file beside it, then renamed over it), so a reader never
    /// sees half of it and a failure leaves the old file as it was.
    static func write(_ bytes: [UInt8], to path: String, permissions: mode_t = 0o644) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw failure(path, errno, reading: false) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { systemWrite(descriptor, $0 + written, buffer.count - written) } ?? 0
            }
            if count < 0 {
                if errno == EINTR { continue }
                let error = errno
                close(descriptor)
                unlink(temporary)
                throw failure(path, error, reading: false)
            }
            written += count
        }
        guard close(descriptor) == 0 else {
            let error = errno
            unlink(temporary)
            throw failure(path, error, reading: false)
        }
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            throw failure(path, error, reading: false)
        }
    }

    /// The sentence for `error` (an `errno`) met while reading or writing `path`.
    static func failure(_ path: String, _ error: Int32, reading: Bool, holding: String? = nil) -> CommandFailure {
        let shown = TerminalText.value(path)
        let verb = reading ? "read" : "written"
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        switch error {
        case ENOENT where reading:
            return CommandFailure("There is no file named \(shown).")
        case ENOENT:
            return CommandFailure(
                exists(folder) ? "\(shown) can't be written: no file can be made there." : "\(shown) can't be written: the folder \(TerminalText.value(folder)) does not exist.")
        case EISDIR:
            return CommandFailure("\(shown) is a folder, not a file: give \(holding.map { "the file that holds \($0)" } ?? "the path of a file").")
        case EACCES, EPERM:
            return CommandFailure(reading ? "\(shown) can't be read: you are not allowed to read it." : "\(shown) can't be written: you are not allowed to write there.")
        case ENOTDIR:
            return CommandFailure("\(shown) can't be \(verb): a part of its path is a file, not a folder.")
        case ENAMETOOLONG:
            return CommandFailure("\(shown) can't be \(verb): the path is too long.")
        case ELOOP:
            return CommandFailure("\(shown) can't be \(verb): its path loops through symbolic links.")
        case ENOSPC, EDQUOT:
            return CommandFailure("\(shown) can't be written: the disk is full.")
        case EROFS:
            return CommandFailure("\(shown) can't be written: the disk is read-only.")
        case EBUSY, ETXTBSY:
            return CommandFailure("\(shown) can't be \(verb): it is in use.")
        default:
            return CommandFailure("\(shown) can't be \(verb): \(SystemFailure.reason(errno: error)).")
        }
    }
}

/// The system's `read` and `write`, which ``LocalFile``'s own `read` and `write` hide inside it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, buffer, count) }
