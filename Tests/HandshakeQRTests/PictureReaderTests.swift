import Foundation
import HandshakeQRPNG
import Testing

@testable import HandshakeQR
@testable import HandshakeQRReader

/// The reader the program's `--image` and the web app's Add screen share: the code is found in a file or in
/// bytes (an upload, a camera frame) inside this process, every way a picture can fail is a sentence, and a
/// scan that outlasts its timeout is given up.
@Suite("Reading the QR code in a picture")
struct PictureReaderTests {
    static let text = "HS1:SOME%CARD TEXT/0123456789"

    static func png() throws -> [UInt8] {
        try QRCode(encoding: text).png(moduleSize: 4)
    }

    @Test func aPictureGivenAsBytesOrAsAFileGivesTheCodesText() async throws {
        let reader = QRPictureReader()
        #expect(try await reader.read(try Self.png()) == Array(Self.text.utf8))
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("code.png")
        try Data(try Self.png()).write(to: file)
        #expect(try await reader.read(fileAt: file.path) == Array(Self.text.utf8))
    }

    @Test func everyFailureIsASentence() async throws {
        let reader = QRPictureReader()
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        await #expect(throws: QRPictureError.notAPicture("the picture")) { try await reader.read(Array("not a picture".utf8)) }
        #expect(QRPictureError.notAPicture("the picture").description == "The picture is not a picture that can be read (PNG or JPEG).")
        // A PNG cut short after its header: libpng refuses it, and the reader says so in the same words.
        await #expect(throws: QRPictureError.notAPicture("the picture")) { try await reader.read(Array(try Self.png().prefix(60))) }

        await #expect(throws: QRPictureError.noQRCode("the picture")) { try await reader.read(Self.blankPNG) }

        let missing = directory.appendingPathComponent("missing.png").path
        await #expect(throws: QRPictureError.noSuchFile(missing)) { try await reader.read(fileAt: missing) }
        await #expect(throws: QRPictureError.folder(directory.path)) { try await reader.read(fileAt: directory.path) }

        let huge = [UInt8](repeating: 0, count: QRPictureReader.maxPictureBytes + 1)
        await #expect(throws: QRPictureError.tooLarge("the picture", bytes: huge.count)) { try await reader.read(huge) }
        #expect(QRPictureError.tooLarge("the picture", bytes: huge.count).description == "The picture is 32 MB; pictures up to 32 MB are scanned.")
        let hugeFile = directory.appendingPathComponent("huge.png")
        try Data(huge).write(to: hugeFile)
        await #expect(throws: QRPictureError.tooLarge(hugeFile.path, bytes: huge.count)) { try await reader.read(fileAt: hugeFile.path) }
        #expect(QRPictureError.noQRCode("photo.jpg").description == "No QR code was found in photo.jpg. Try a sharper or closer picture.")
        #expect(QRPictureError.cannotRead("photo.jpg").description == "photo.jpg can't be read (check that you may read it).")
    }

    @Test func aPNGWithMorePixelsThanTheLimitIsRefusedBeforeItsPixelsAreRead() async throws {
        // 8000 × 6000 = 48 million pixels, over the 40 million limit: only the header is read.
        let header = Self.pngHeader(width: 8000, height: 6000)
        await #expect(throws: QRPictureError.tooManyPixels("the picture", width: 8000, height: 6000)) {
            try await QRPictureReader().read(header)
        }
        #expect(QRPictureError.tooManyPixels("the picture", width: 8000, height: 6000).description
            == "The picture is 8000×6000 pixels; pictures of up to 40,000,000 pixels are scanned.")
    }

    @Test func aScanThatOutlastsItsTimeoutIsGivenUpWithASentenceAndItsResultIsDropped() async throws {
        let timerRunsOut = AsyncStream.makeStream(of: Void.self)
        let scanMayEnd = DispatchSemaphore(value: 0)
        let scanEnded = AsyncStream.makeStream(of: Void.self)
        let reader = QRPictureReader(
            timeout: .seconds(5),
            scanner: { _, _ throws(QRPictureError) in
                scanMayEnd.wait()
                scanEnded.continuation.yield()
                return Array("too late".utf8)
            },
            waiting: { _ in
                for await _ in timerRunsOut.stream { return }
            })
        async let outcome: QRPictureError? = { () async -> QRPictureError? in
            do throws(QRPictureError) {
                _ = try await reader.read(Array("any".utf8), named: "the frame")
                return nil
            } catch {
                return error
            }
        }()
        timerRunsOut.continuation.yield()
        #expect(await outcome == .timedOut("the frame", after: .seconds(5)))
        #expect(QRPictureError.timedOut("the frame", after: .seconds(5)).description == "Scanning the frame took longer than 5 seconds and was given up.")
        // The scan still runs to its end on its own thread; its text goes nowhere.
        scanMayEnd.signal()
        for await _ in scanEnded.stream { break }
    }

    @Test func aScanThatEndsFirstStopsItsTimer() async throws {
        let timerEnded = AsyncStream.makeStream(of: Bool.self)
        let reader = QRPictureReader(
            timeout: .seconds(30),
            scanner: { _, _ throws(QRPictureError) in Array("found".utf8) },
            waiting: { duration in
                try? await Task.sleep(for: .seconds(3600))
                timerEnded.continuation.yield(Task.isCancelled)
            })
        #expect(try await reader.read(Array("any".utf8)) == Array("found".utf8))
        var cancelled: Bool?
        for await wasCancelled in timerEnded.stream {
            cancelled = wasCancelled
            break
        }
        #expect(cancelled == true, "the timer was not cancelled when the scan ended")
    }

    @Test func picturesReadAtTheSameTimeEachGiveTheirOwnText() async throws {
        let texts = (0..<8).map { "HS1:CARD-\($0)-\(String(repeating: "X", count: $0 * 7))" }
        let pictures = try texts.map { try QRCode(encoding: $0).png(moduleSize: 3) }
        let reader = QRPictureReader()
        let read = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for (index, picture) in pictures.enumerated() {
                group.addTask { (index, try await reader.read(picture)) }
            }
            var read = [String](repeating: "", count: texts.count)
            for try await (index, bytes) in group { read[index] = String(decoding: bytes, as: UTF8.self) }
            return read
        }
        #expect(read == texts)
    }

    /// A white 32×32 PNG (written by Pillow): a picture with no code in it.
    static let blankPNG = [UInt8](Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAAAAABWESUoAAAAGUlEQVR4nGP8z4AfMBGQH1UwqmBUwbBVAACjPQE/b0XQuQAAAABJRU5ErkJggg==") ?? Data())

    /// An 8-bit RGB PNG that says it is `width` × `height`, with only 64 bytes of pixel data after its header
    /// (zlib's stream of 64 zero bytes).
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(kind.utf8) + data
            return bigEndian(data.count) + body + bigEndian(Int(crc32(body)))
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0])
            + chunk("IDAT", [120, 156, 99, 96, 160, 12, 0, 0, 0, 64, 0, 1])
            + chunk("IEND", [])
    }

    /// The CRC-32 of a PNG chunk (ISO 3309, as zlib computes it).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
