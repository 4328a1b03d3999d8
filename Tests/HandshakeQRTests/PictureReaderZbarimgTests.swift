import Foundation
import HandshakePictures
import Testing

@testable import HandshakeQRReader

/// The picture reader against programs we did not write: segno draws the codes, Pillow makes the pictures
/// (camera photos stored in every Exif orientation, PNGs of every kind), and zbar's own `zbarimg`, which
/// reads pictures through ImageMagick instead of our decoders, reads each picture as a person sees it. The
/// reader must find the same bytes.
@Suite("The picture reader agrees with zbarimg")
struct PictureReaderZbarimgTests {
    static let script = scriptsDirectory.appendingPathComponent("qr_pictures.py")

    static func make(_ request: [String: Any]) throws -> [String: [UInt8]] {
        let answer = try ExternalTool.python3.run([script.path], stdin: try JSONSerialization.data(withJSONObject: request))
        guard answer.status == 0 else {
            throw ExternalTool.Failure(description: "qr_pictures.py failed: \(String(decoding: answer.stderr, as: UTF8.self))")
        }
        let object = try #require(try JSONSerialization.jsonObject(with: answer.stdout) as? [String: String])
        return try object.mapValues { try #require(Data(base64Encoded: $0)).map { $0 } }
    }

    /// What `zbarimg --raw -Sbinary` reads in `picture` (bytes as they are, as the reader gives them), or
    /// nil when it finds no code (its exit status 4).
    static func zbarimg(_ picture: [UInt8], suffix: String) throws -> [UInt8]? {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("picture.\(suffix)")
        try Data(picture).write(to: file)
        let output = try ExternalTool.zbarimg.run(["--nodbus", "--raw", "-q", "-Sdisable", "-Sqrcode.enable", "-Sbinary", file.path])
        if output.status == 4 { return nil }
        guard output.status == 0 else { throw ExternalTool.Failure(description: "zbarimg exited \(output.status)") }
        return Array(output.stdout)
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    static let cardText = Array("HS1:6BFA3ZD*BK0G7M%QF4S-C0T9PVU2K0A6JDX3L$OAW4ZF9QYH6C0ML:8R.S".utf8)

    @Test(arguments: 1...8)
    func aCameraPhotoInAnyExifOrientationReadsAsZbarimgReadsThePictureSeen(orientation: Int) async throws {
        let pictures = try Self.make([
            "op": "photo", "data": Self.hex(Self.cardText), "width": 1200, "height": 900,
            "orientation": orientation, "angle": 17, "module": 5,
        ])
        let stored = try #require(pictures["stored"]), seen = try #require(pictures["seen"])
        #expect(try Self.zbarimg(seen, suffix: "png") == Self.cardText, "zbarimg does not read the picture as seen")
        #expect(try await QRPictureReader().read(stored) == Self.cardText, "orientation \(orientation)")
    }

    @Test func aPhotoWithNoCodeHasNoneForEither() async throws {
        let pictures = try Self.make(["op": "photo", "data": "", "width": 640, "height": 480, "code": false])
        let stored = try #require(pictures["stored"])
        #expect(try Self.zbarimg(stored, suffix: "jpg") == nil)
        await #expect(throws: QRPictureError.noQRCode("the picture")) { try await QRPictureReader().read(stored) }
    }

    @Test(arguments: [
        Array("Ada Lovelace — Zürich, 東京".utf8),  // UTF-8, which zbar's own guessing would read as Shift JIS
        [0xE9, 0x41, 0xFF, 0x00, 0x80, 0x0A, 0x7F, 0xC3],  // bytes that are no text at all
    ])
    func bytesComeBackAsTheyAreAsZbarimgBinaryGivesThem(data: [UInt8]) async throws {
        let picture = try #require(try Self.make(["op": "png", "data": Self.hex(data), "module": 4, "mode": "rgb"])["png"])
        #expect(try Self.zbarimg(picture, suffix: "png") == data)
        #expect(try await QRPictureReader().read(picture) == data)
    }

    @Test(arguments: ["rgb", "grey16", "palette"])
    func pngsOfEveryKindReadAsZbarimgReadsThem(mode: String) async throws {
        let picture = try #require(try Self.make(["op": "png", "data": Self.hex(Self.cardText), "module": 3, "mode": mode])["png"])
        #expect(try Self.zbarimg(picture, suffix: "png") == Self.cardText)
        #expect(try await QRPictureReader().read(picture) == Self.cardText)
    }

    @Test func aCodeOnATransparentBackgroundIsLaidOnWhite() async throws {
        // Light modules transparent over black: laid on white, as a viewer shows it, the code reads.
        // (zbarimg ignores the transparency and sees black on black: no comparison with it here.)
        let picture = try #require(try Self.make(["op": "png", "data": Self.hex(Self.cardText), "module": 3, "mode": "transparent"])["png"])
        #expect(try await QRPictureReader().read(picture) == Self.cardText)
    }

    @Test func aJPEGWithMorePixelsThanTheLimitIsReadAtAReducedScale() throws {
        let pictures = try Self.make([
            "op": "photo", "data": Self.hex(Self.cardText), "width": 1600, "height": 1200, "orientation": 6, "angle": 5, "module": 8,
        ])
        let stored = try #require(pictures["stored"])
        // Stored 1200 × 1600 (a camera held upright): 1.92 million pixels against a limit of 600,000, so read
        // at half size, and turned as the Exif tag says to 800 × 600.
        let decoded = try PictureDecoder.decode(stored, as: .grey, maxPixels: 600_000)
        #expect((decoded.bitmap.width, decoded.bitmap.height) == (800, 600))
        #expect((decoded.fullWidth, decoded.fullHeight) == (1600, 1200))
        #expect(ZbarScanner.firstQRCode(in: decoded.bitmap) == Self.cardText)
        // A limit no scale fits: refused with the picture's size as stored.
        #expect(throws: PictureDecodingError.tooManyPixels(width: 1200, height: 1600)) {
            try PictureDecoder.decode(stored, as: .grey, maxPixels: 10_000)
        }
    }
}
