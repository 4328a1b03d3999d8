// Establishes how a picture (a screenshot, a photo, a camera frame; PNG or JPEG) becomes the text of the QR
// code in it: zbar's `zbarimg`, a decoder we did not write and that has met far more real photos than we
// could test, run as a separate process. A hostile image can at worst crash that process, never this one,
// and no image library is linked in. It does not interpret the text: the card readers do that.
#if os(Linux) || os(macOS)
import Foundation
import Synchronization

/// Reads the first QR code in a picture.
///
/// The picture's size is bounded before zbar sees it, image dimensions are bounded by ImageMagick's resource
/// policy inside zbarimg, and a scan that takes longer than ``timeout`` is stopped. The wait never blocks a
/// thread: the program and a web server can call it from any task.
///
/// ```swift
/// let text = try await QRPictureReader().read(fileAt: "/tmp/photo.jpg")
/// ```
public struct QRPictureReader: Sendable {
    /// The largest picture read: a phone's full-size photo fits.
    public static let maxPictureBytes = 32 * 1024 * 1024

    /// How long one scan may take.
    public var timeout: Duration

    /// A reader that stops a scan after `timeout`.
    public init(timeout: Duration = .seconds(30)) {
        self.timeout = timeout
    }

    /// The text of the first QR code in the picture at `path`.
    public func read(fileAt path: String) async throws(QRPictureError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .noSuchFile(path) }
        guard !isFolder.boolValue else { throw .folder(path) }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= Self.maxPictureBytes else { throw .tooLarge(path, bytes: size) }
        return try await scan(path, named: path)
    }

    /// The text of the first QR code in `picture` (the bytes of a PNG or JPEG file, such as an upload or a
    /// camera frame); `name` is how errors refer to it ("the picture").
    public func read(_ picture: [UInt8], named name: String = "the picture") async throws(QRPictureError) -> [UInt8] {
        guard picture.count <= Self.maxPictureBytes else { throw .tooLarge(name, bytes: picture.count) }
        // zbarimg reads files only. The file is private to this user and removed at once.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-picture-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(picture), attributes: [.posixPermissions: 0o600]) else {
            throw .unwritable(file.deletingLastPathComponent().path)
        }
        defer { try? FileManager.default.removeItem(at: file) }
        return try await scan(file.path, named: name)
    }

    private func scan(_ path: String, named name: String) async throws(QRPictureError) -> [UInt8] {
        guard let zbarimg = Self.executable(named: "zbarimg") else { throw .zbarMissing }
        let process = Process()
        process.executableURL = zbarimg
        // QR codes only, first symbol only, bytes as they are, no desktop-bus chatter.
        process.arguments = ["--nodbus", "--quiet", "--raw", "--oneshot", "-Sdisable", "-Sqrcode.enable", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice

        let status: Int32?
        do {
            status = try await Self.run(process, timeout: timeout)
        } catch {
            throw .zbarMissing
        }
        guard let status else { throw .timedOut(name, after: timeout) }
        // A QR code holds under 3 KB, far below a pipe's buffer, so reading after the exit cannot stall.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        switch status {
        case 0:
            var bytes = [UInt8](data)
            if bytes.last == 0x0A { bytes.removeLast() }  // --raw ends each symbol with a newline
            return bytes
        case 4: throw .noQRCode(name)
        default: throw .notAPicture(name)
        }
    }

    /// Runs `process` to its end and returns its exit status, or nil when it was stopped after `timeout`.
    private static func run(_ process: Process, timeout: Duration) async throws -> Int32? {
        // What the exit and the timer each saw first; the timer signals only a process not yet ended, and the
        // exit cancels the timer (a camera sends a frame every half second: no timer outlives its scan).
        let state = RunState()
        return try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { process in
                let (stopped, timer) = state.value.withLock { state in
                    state.ended = true
                    return (state.stopped, state.timer)
                }
                timer?.cancel()
                continuation.resume(returning: stopped ? nil : process.terminationStatus)
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            let pid = process.processIdentifier
            let timer = Task {
                try? await Task.sleep(for: timeout)
                state.value.withLock { state in
                    guard !state.ended else { return }
                    state.stopped = true
                    kill(pid, SIGTERM)
                }
            }
            let endedAlready = state.value.withLock { state in
                state.timer = timer
                return state.ended
            }
            if endedAlready { timer.cancel() }
        }
    }

    /// Shared by the exit handler and the timer.
    private final class RunState: Sendable {
        struct Value {
            var ended = false
            var stopped = false
            var timer: Task<Void, Never>?
        }
        let value = Mutex(Value())
    }

    /// The first executable called `name` on the `PATH`.
    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
#endif
