// Photos made into avatars, checked against Pillow (which we did not write): Pillow makes the photos (JPEGs
// with every Exif orientation, PNGs with transparency, a CMYK JPEG), and Pillow's own reading of each photo
// (turned by ImageOps.exif_transpose, laid on white, scaled with its BOX filter) is the reference every
// avatar is compared with pixel by pixel.
import Foundation
import HandshakeAvatar
import HandshakeCore
import HandshakeTestSupport
import Testing

@Suite struct AvatarPhotoTests {
    /// Pillow's photo, as bytes.
    static func photo(_ request: [String: Any]) async throws -> [UInt8] {
        let answer = try await PythonScript.run(script, request)
        return try #require((answer["bytes"] as? String).flatMap { Data(base64Encoded: $0) }).map { $0 }
    }

    /// How far `avatar` is from Pillow's reading of `original` scaled to the avatar's size.
    static func compare(_ original: [UInt8], _ avatar: Avatar) async throws -> (format: String, size: PixelSize, mean: Double) {
        let answer = try await PythonScript.run(
            script, ["op": "compare", "original": Data(original).base64EncodedString(), "avatar": Data(avatar.data).base64EncodedString()])
        let size = PixelSize(width: try #require(answer["width"] as? Int), height: try #require(answer["height"] as? Int))
        return (try #require(answer["format"] as? String), size, try #require(answer["meanDifference"] as? Double))
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Conformance/pillow_avatar.py")

    @Test(arguments: 1...8)
    func aCameraPhotoIsTurnedTheWayItsExifSaysAndShrunk(orientation: Int) async throws {
        let original = try await Self.photo(["op": "jpeg", "width": 900, "height": 600, "orientation": orientation])
        // A small limit, so that even this smooth picture has to be shrunk.
        let fitted = try AvatarPhoto.fit(original, within: 12_000)
        guard let shrink = fitted.shrink else { Issue.record("the photo was kept as it was"); return }
        let turned = orientation >= 5
        #expect(shrink.from == (turned ? PixelSize(width: 600, height: 900) : PixelSize(width: 900, height: 600)))
        #expect(fitted.avatar.data.count <= 12_000)
        #expect(fitted.avatar.mediaType == "image/jpeg")
        let seen = try await Self.compare(original, fitted.avatar)
        #expect(seen.format == "JPEG")
        #expect(seen.size == shrink.to)
        #expect((seen.size.width > seen.size.height) == !turned)
        // The quadrants differ by 150 or more in some channel; a picture turned the wrong way is far off.
        #expect(seen.mean < 6, "orientation \(orientation): mean difference \(seen.mean) from Pillow's reading")
    }

    @Test func aLargePNGWithTransparencyIsLaidOnWhiteAndWrittenAsJPEG() async throws {
        let original = try await Self.photo(["op": "png", "width": 700, "height": 700, "alpha": true])
        let fitted = try AvatarPhoto.fit(original, within: 12_000)
        guard let shrink = fitted.shrink else { Issue.record("the photo was kept as it was"); return }
        #expect(shrink.from == PixelSize(width: 700, height: 700))
        #expect(shrink.to.width == shrink.to.height)
        #expect(shrink.originalBytes == original.count)
        let seen = try await Self.compare(original, fitted.avatar)
        #expect(seen.format == "JPEG")
        #expect(seen.size == shrink.to)
        #expect(seen.mean < 4, "mean difference \(seen.mean) from Pillow's reading laid on white")
    }

    @Test func theListPhotoIsACardAvatarShrunkToEightKilobytes() async throws {
        let avatar = try AvatarPhoto.fit(try await Self.photo(["op": "jpeg", "width": 900, "height": 600, "orientation": 1])).avatar
        #expect(avatar.data.count > 8192, "the card's own avatar is larger than a list photo may be")
        let listPhoto = try #require(AvatarPhoto.listPhoto(of: avatar, within: 8192))
        #expect(listPhoto.data.count <= 8192 && listPhoto.mediaType == "image/jpeg")
        let seen = try await Self.compare(avatar.data, listPhoto)
        #expect(seen.format == "JPEG" && seen.mean < 8, "Pillow reads it as the same picture, smaller: \(seen)")
        #expect(AvatarPhoto.listPhoto(of: nil, within: 8192) == nil)
    }

    @Test func aPhotoThatFitsIsKeptByteForByte() async throws {
        let original = try await Self.photo(["op": "jpeg", "width": 120, "height": 80, "orientation": 6])
        let fitted = try AvatarPhoto.fit(original)
        #expect(fitted.shrink == nil)
        #expect(fitted.avatar.data.elementsEqual(original), "the avatar's bytes differ from the photo's")
    }

    @Test func aPrintJPEGInCMYKIsRefusedWithASentence() async throws {
        let original = try await Self.photo(["op": "jpeg", "width": 300, "height": 200, "cmyk": true])
        #expect(throws: AvatarPhotoError.cmykJPEG) { try AvatarPhoto.fit(original, within: 1_000) }
        #expect(AvatarPhotoError.cmykJPEG.localizedDescription.contains("Save it as an RGB JPEG or a PNG"))
    }

    @Test(arguments: [
        ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0], "a HEIC photo"),
        (Array("GIF89a".utf8) + [1, 0, 1, 0], "a GIF picture"),
        (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), "a WebP picture"),
        (Array("Hello, this is a note.\n".utf8), "text"),
        ([], "empty"),
        ([0x00, 0xFF, 0x10, 0x80], "of a kind Handshake does not know"),
    ] as [([UInt8], String)])
    func otherFormatsAreNamedInTheRefusal(bytes: [UInt8], kind: String) {
        #expect(throws: AvatarPhotoError.notPNGOrJPEG(kind: kind)) { try AvatarPhoto.fit(bytes) }
        #expect(AvatarPhotoError.notPNGOrJPEG(kind: kind).localizedDescription.hasPrefix("This file is \(kind);"))
    }

    @Test func aDamagedPictureIsReportedByItsDecodersReason() async throws {
        let png = try await Self.photo(["op": "png", "width": 400, "height": 400, "alpha": false])
        var damaged = png
        damaged.removeLast(png.count / 2)  // cut in the middle of the image data
        #expect {
            try AvatarPhoto.fit(damaged, within: 1_000)
        } throws: { error in
            guard case .unreadable(let format, let reason) = error as? AvatarPhotoError else { return false }
            return format == "PNG" && !reason.isEmpty
        }
        // A JPEG signature followed by nothing a decoder can use.
        #expect {
            try AvatarPhoto.fit([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x41, count: 70_000))
        } throws: { error in
            guard case .unreadable(let format, _) = error as? AvatarPhotoError else { return false }
            return format == "JPEG"
        }
    }

    @Test func aPictureWithTooManyPixelsIsRefusedBeforeDecoding() async throws {
        // A PNG claiming 20,000 × 20,000 pixels (400 million), with a few bytes of image data behind it.
        let header = try await Self.photo(["op": "pngHeader", "width": 20_000, "height": 20_000])
        #expect(throws: AvatarPhotoError.tooManyPixels(PixelSize(width: 20_000, height: 20_000))) {
            try AvatarPhoto.fit(header, within: 10)
        }
    }
}
