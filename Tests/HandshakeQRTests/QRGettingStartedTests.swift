import Foundation
import HandshakeQR
import HandshakeTestSupport
import Testing

/// HandshakeQR as an app uses it, through the public API only: encode text, read the symbol's modules, draw
/// it as SVG and as terminal text. The code between the `article:` marks is the Getting Started article of
/// HandshakeQR's documentation, word for word (a test below checks it); `zbarimg` then scans the SVG back.
@Suite("Getting started in an app: HandshakeQR")
struct QRGettingStartedTests {
    @Test("encode text, draw it as SVG and as terminal text; the SVG scans back to the text")
    func gettingStarted() throws {
        // article:begin
        // Any text. The encoder splits it into the most compact modes and picks the smallest version that fits.
        let text = "HS1:NCFOXN%TSMAHN-HQ1 and more"
        let code = try QRCode(encoding: text, errorCorrection: .medium)
        #expect(code.size == 17 + 4 * code.version)
        #expect(code[0, 0] && code[6, 0] && !code[7, 0])  // the top-left finder pattern, and its light edge

        // For a screen, a web page or a share sheet: an SVG document of one path, sharp at any size.
        let svg = code.svg(quietZone: 4, moduleSize: 8)
        #expect(svg.contains("width=\"\((code.size + 8) * 8)\""))

        // For a terminal: two rows of modules per line, in block characters, dark on light.
        let lines = code.terminalText(style: .plain).split(separator: "\n")
        #expect(lines.count == (code.size + 8 + 1) / 2)
        // article:end

        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgFile = directory.appendingPathComponent("code.svg"), pngFile = directory.appendingPathComponent("code.png")
        try svg.write(to: svgFile, atomically: true, encoding: .utf8)
        let converted = try ExternalTool.rsvgConvert.run(["-o", pngFile.path, svgFile.path])
        try #require(converted.status == 0, "rsvg-convert failed: \(String(decoding: converted.stderr, as: UTF8.self))")
        #expect(String(decoding: try ZbarDecodeTests.zbarRaw([pngFile]), as: UTF8.self) == text)
    }

    @Test("the Getting Started article shows exactly the code this suite runs")
    func articleMatchesTheTest() throws {
        #expect(try ArticleCode.inArticle("Sources/HandshakeQR/HandshakeQR.docc/GettingStarted.md") == ArticleCode.inTest())
    }
}
