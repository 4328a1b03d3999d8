import Foundation
import HandshakeQRPNG
import HandshakeQRReader
import Testing

@testable import HandshakeQR

/// The reader the program's `--image` and the web app's Add screen share: zbarimg, run apart, finds the code
/// in a file or in bytes (an upload, a camera frame), and every way a picture can fail is a sentence.
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

        await #expect(throws: QRPictureError.noQRCode("the picture")) { try await reader.read(Self.blankPNG) }

        let missing = directory.appendingPathComponent("missing.png").path
        await #expect(throws: QRPictureError.noSuchFile(missing)) { try await reader.read(fileAt: missing) }
        await #expect(throws: QRPictureError.folder(directory.path)) { try await reader.read(fileAt: directory.path) }

        let huge = [UInt8](repeating: 0, count: QRPictureReader.maxPictureBytes + 1)
        await #expect(throws: QRPictureError.tooLarge("the picture", bytes: huge.count)) { try await reader.read(huge) }
        #expect(QRPictureError.tooLarge("the picture", bytes: huge.count).description == "The picture is 32 MB; pictures up to 32 MB are scanned.")
        #expect(QRPictureError.noQRCode("photo.jpg").description == "No QR code was found in photo.jpg. Try a sharper or closer picture.")
    }

    /// A white 32×32 PNG (written by Pillow): a picture with no code in it.
    static let blankPNG = [UInt8](Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAAAAABWESUoAAAAGUlEQVR4nGP8z4AfMBGQH1UwqmBUwbBVAACjPQE/b0XQuQAAAABJRU5ErkJggg==") ?? Data())
}
