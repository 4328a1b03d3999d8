// Establishes how a picture (a screenshot, a photo, a camera frame; PNG or JPEG) becomes the text of the QR
// code in it, inside this process: the picture is read as HandshakeAvatar reads a photo (HandshakePictures:
// libpng or libjpeg-turbo, turned by its Exif orientation), as grey pixels, and zbar's image scanner finds the
// code. Both are bounded: the file's bytes before anything is decoded, the pixels before they are allocated.
// The scan runs on a thread of its own, not the caller's task's, and a caller waits for it at most `timeout`.
// It does not interpret the text: the card readers do that.
//
// On iOS this module is empty: an app there reads codes with the system's own scanners (docs/qr.md).
#if os(Linux) || os(macOS)
import Dispatch
import Foundation
import HandshakePictures
import Synchronization

/// Reads the first QR code in a picture.
///
/// The picture's size is bounded before it is decoded, and so is its number of pixels (a larger JPEG is
/// read at a reduced scale); a scan that takes longer than ``timeout`` is given up. The wait never blocks a
/// thread of the caller's: the program and a web server can call it from any task.
///
/// ```swift
/// let text = try await QRPictureReader().read(fileAt: "/tmp/photo.jpg")
/// ```
public struct QRPictureReader: Sendable {
    /// The largest picture read: a phone's full-size photo fits.
    public static let maxPictureBytes = 32 * 1024 * 1024
    /// The most pixels searched: a JPEG with more is read at the largest of its decoder's reduced scales
    /// (1/2, 1/4 …) that fits, and a PNG with more is refused. A 48-megapixel phone photo is read at half size.
    public static let maxPixels = 40_000_000

    /// How long one scan may take.
    public var timeout: Duration
    /// The scan itself: ``scan(_:named:)``, which tests replace to hold a scan until they let it go.
    let scanner: @Sendable ([UInt8], String) throws(QRPictureError) -> [UInt8]
    /// How the timer waits out `timeout` (`Task.sleep`); tests end the wait when they choose.
    let waiting: @Sendable (Duration) async -> Void

    /// A reader that gives up a scan after `timeout`.
    public init(timeout: Duration = .seconds(30)) {
        self.init(timeout: timeout, scanner: { picture, name throws(QRPictureError) in try Self.scan(picture, named: name) }, waiting: { try? await Task.sleep(for: $0) })
    }

    /// A reader with its scan and its timer's wait given.
    init(
        timeout: Duration, scanner: @escaping @Sendable ([UInt8], String) throws(QRPictureError) -> [UInt8],
        waiting: @escaping @Sendable (Duration) async -> Void
    ) {
        self.timeout = timeout
        self.scanner = scanner
        self.waiting = waiting
    }

    /// The text of the first QR code in the picture at `path`.
    public func read(fileAt path: String) async throws(QRPictureError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .noSuchFile(path) }
        guard !isFolder.boolValue else { throw .folder(path) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .cannotRead(path) }
        defer { try? handle.close() }
        // One byte past the limit says the file is too large, without reading the rest of it.
        guard let data = try? handle.read(upToCount: Self.maxPictureBytes + 1) else { throw .cannotRead(path) }
        guard data.count <= Self.maxPictureBytes else {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? data.count
            throw .tooLarge(path, bytes: size)
        }
        return try await scanned([UInt8](data), named: path)
    }

    /// The text of the first QR code in `picture` (the bytes of a PNG or JPEG file, such as an upload or a
    /// camera frame); `name` is how errors refer to it ("the picture").
    public func read(_ picture: [UInt8], named name: String = "the picture") async throws(QRPictureError) -> [UInt8] {
        guard picture.count <= Self.maxPictureBytes else { throw .tooLarge(name, bytes: picture.count) }
        return try await scanned(picture, named: name)
    }

    /// The scan, on the caller's thread and with no time limit: what ``read(_:named:)`` runs apart. For fuzz
    /// targets and benchmarks; an app calls `read`.
    @_spi(Wire) public static func scan(_ picture: [UInt8], named name: String) throws(QRPictureError) -> [UInt8] {
        let decoded: DecodedPicture
        do throws(PictureDecodingError) {
            decoded = try PictureDecoder.decode(picture, as: .grey, maxPixels: maxPixels)
        } catch {
            switch error {
            case .tooManyPixels(let width, let height): throw .tooManyPixels(name, width: width, height: height)
            case .notPNGOrJPEG, .unreadable, .cmykJPEG: throw .notAPicture(name)
            }
        }
        guard let text = ZbarScanner.firstQRCode(in: decoded.bitmap) else { throw .noQRCode(name) }
        return text
    }

    /// ``scan(_:named:)`` on a dispatch thread (decoding and scanning a photo is a second or so of work that
    /// must not hold one of the few threads every task shares), waited for at most ``timeout``.
    private func scanned(_ picture: [UInt8], named name: String) async throws(QRPictureError) -> [UInt8] {
        let race = Race()
        let (timeout, scanner, waiting) = (timeout, scanner, waiting)
        let outcome: Result<[UInt8], QRPictureError> = await withCheckedContinuation { continuation in
            race.start(continuation)
            DispatchQueue.global(qos: .userInitiated).async {
                race.finish(Result { () throws(QRPictureError) in try scanner(picture, name) })
            }
            race.setTimer(Task {
                await waiting(timeout)
                guard !Task.isCancelled else { return }
                race.finish(.failure(.timedOut(name, after: timeout)))
            })
        }
        return try outcome.get()
    }

    /// The scan and its timer: whichever finishes first resumes the caller, once; the scan finishing cancels
    /// the timer (a camera sends a frame every half second: no timer outlives its scan). A scan given up still
    /// runs to its end on its thread, bounded by the picture's pixels, and its result is dropped.
    private final class Race: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result<[UInt8], QRPictureError>, Never>?
            var timer: Task<Void, Never>?
            var finished = false
        }
        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<Result<[UInt8], QRPictureError>, Never>) {
            state.withLock { $0.continuation = continuation }
        }

        func setTimer(_ timer: Task<Void, Never>) {
            let finishedAlready = state.withLock { state in
                state.timer = timer
                return state.finished
            }
            if finishedAlready { timer.cancel() }
        }

        func finish(_ outcome: Result<[UInt8], QRPictureError>) {
            let (continuation, timer) = state.withLock { state in
                defer { state.finished = true; state.continuation = nil }
                return (state.continuation, state.timer)
            }
            timer?.cancel()
            continuation?.resume(returning: outcome)
        }
    }
}
#endif
