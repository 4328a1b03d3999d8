import Foundation
import HandshakeQRPNG
import Testing
@testable import HandshakeQR

/// Proof against a reader we did not write: zbarimg decodes every symbol of the sweep (40 versions × 4
/// levels × 3 modes, each filled to capacity) to exactly the bytes we encoded, from our own PNGs.
@Suite("zbarimg reads our symbols")
struct ZbarDecodeTests {
    /// Decodes PNG files with zbarimg in one run and returns the concatenated raw payloads.
    /// `-Sbinary` stops zbar guessing a character set (it would read UTF-8 as Shift JIS); the price is that
    /// payloads are printed back to back with no separator, so callers compare the concatenation.
    static func zbarRaw(_ files: [URL]) throws -> Data {
        let output = try ExternalTool.zbarimg.run(["--raw", "-q", "-Sbinary"] + files.map(\.path))
        return output.stdout
    }

    /// Writes each code as a PNG, decodes all at once, and on a mismatch decodes one by one to say which
    /// symbols failed.
    static func expectDecodes(_ items: [(code: QRCode, expected: [UInt8], label: String)], moduleSize: Int = 3) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [URL] = []
        for (index, item) in items.enumerated() {
            let url = directory.appendingPathComponent("\(index).png")
            try Data(item.code.png(moduleSize: moduleSize)).write(to: url)
            files.append(url)
        }
        let expected = items.flatMap(\.expected)
        if try Array(zbarRaw(files)) == expected { return }
        for (item, file) in zip(items, files) {
            let decoded = try Array(zbarRaw([file]))
            if decoded != item.expected {
                Issue.record("zbarimg read \(item.label) as \(decoded.count) bytes \(String(decoding: decoded.prefix(40), as: UTF8.self).debugDescription)…, expected \(item.expected.count) bytes")
            }
        }
        Issue.record("zbarimg output differed from the encoded data (see the symbols listed above)")
    }

    @Test("full sweep at capacity", arguments: QRErrorCorrection.allCases)
    func sweep(level: QRErrorCorrection) throws {
        let items = try SweepCase.all.filter { $0.level == level }.map { item in
            (code: try item.encode(), expected: item.payload, label: item.description)
        }
        try Self.expectDecodes(items)
    }

    @Test("mixed text with automatic segmentation, version and mask")
    func mixedText() throws {
        let texts = [
            "HC1:6BFOXN*TS0BI$ZD.P9UOL97O4-2HH77HRM3DSPTLRR+%3.ABD-", "Call 0123456789 or +44 20 7946 0958",
            "handshake://card#HC1:NCFOXN%TSMAHN-H", "Grüße aus Köln 🤝 12345678901234567890 ABCDEFGHIJ",
            "mixed 1234567890123 UPPER CASE RUN AND lower", "", "0", "A", "日本語のテキスト 2024",
            String(repeating: "0123456789", count: 50) + String(repeating: "ABC$%*", count: 40) + "lower tail",
        ]
        var items: [(code: QRCode, expected: [UInt8], label: String)] = []
        for level in QRErrorCorrection.allCases {
            for text in texts where !text.isEmpty {
                items.append((try QRCode(encoding: text, errorCorrection: level), Array(text.utf8), "\(text.prefix(20)) at \(level)"))
            }
        }
        try Self.expectDecodes(items)
    }
}
