import Foundation
import HandshakeTestSupport
import Testing

/// The scanning path meets hostile pictures: a real QR picture mutated many ways (bit flips, truncation,
/// junk, a header claiming an enormous image, a file too large to read) must each end in a verdict — a
/// valid card or a clean rejection with a reason — never a crash or a hang. zbar is not instrumented for
/// libFuzzer, so this bounded mutation run stands in for a fuzz target on this path.
@Suite("Scanning hostile pictures")
struct PictureMutationTests {
    @Test("mutated, truncated and oversized pictures give a verdict, never a crash")
    func mutatedPictures() async throws {
        let cli = try CLI()
        try #require(await cli.run("init", "--name", "Ada").status == 0)
        let png = cli.file("card.png")
        try #require(await cli.run("card", "export", "--format", "png", "-o", png.path).status == 0)
        let original = [UInt8](try Data(contentsOf: png))

        var generator = SeededGenerator(seed: 0x48616E64)
        var pictures: [[UInt8]] = []
        for round in 0..<60 {
            var bytes = original
            switch round % 4 {
            case 0:  // flip a few bits anywhere, headers included
                for _ in 0..<(1 + Int(generator.next() % 8)) {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    bytes[index] ^= UInt8(1 << (generator.next() % 8))
                }
            case 1:  // cut it short
                bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
            case 2:  // overwrite a run with junk
                let start = Int(generator.next() % UInt64(bytes.count))
                for index in start..<min(bytes.count, start + 64) { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
            default:  // pure junk behind a PNG signature
                bytes = Array(original.prefix(8)) + (0..<Int(generator.next() % 4096)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            }
            pictures.append(bytes)
        }
        pictures.append(Self.pngHeader(width: 1_000_000, height: 1_000_000))  // a decompression bomb's promise

        for (index, bytes) in pictures.enumerated() {
            let path = cli.file("mutant-\(index).png")
            try Data(bytes).write(to: path)
            let result = try await cli.run("card", "verify", "--image", path.path)
            #expect(result.status == 0 || result.status == 1, "picture \(index): exit \(result.status), \(result.stderr)")
            if result.status == 1 { #expect(result.stderr.hasPrefix("Rejected: "), "picture \(index): \(result.stderr)") }
        }

        // Larger than any picture worth scanning: refused before zbar reads it.
        let huge = cli.file("huge.png")
        try #require(FileManager.default.createFile(atPath: huge.path, contents: Data(original)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 40 * 1024 * 1024)
        try handle.close()
        let refused = try await cli.run("card", "verify", "--image", huge.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("pictures up to 32 MB are scanned"))
    }

    /// A PNG signature and a valid IHDR chunk claiming `width` × `height`, with no image data.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        let body = Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + body + bigEndian(crc32(body))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

