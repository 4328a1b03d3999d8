import Foundation
import HandshakeQRPNG
import Testing
@testable import HandshakeQR

@Suite("Renderers")
struct RendererTests {
    let code: QRCode

    init() throws {
        code = try QRCode(encoding: "HC1:NCFOXN%TSMAHN-HQ1 Renderer test", errorCorrection: .medium)
    }

    @Test("SVG rasterised by rsvg-convert scans back to the input")
    func svgScans() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("code.svg"), png = directory.appendingPathComponent("code.png")
        try code.svg(moduleSize: 4).write(to: svg, atomically: true, encoding: .utf8)
        let converted = try ExternalTool.rsvgConvert.run(["-o", png.path, svg.path])
        try #require(converted.status == 0, "rsvg-convert failed: \(String(decoding: converted.stderr, as: UTF8.self))")
        let decoded = try ZbarDecodeTests.zbarRaw([png])
        #expect(String(decoding: decoded, as: UTF8.self) == "HC1:NCFOXN%TSMAHN-HQ1 Renderer test")
    }

    @Test("SVG is one path with viewBox and crisp edges")
    func svgShape() {
        let svg = code.svg()
        let span = code.size + 8
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(svg.contains("viewBox=\"0 0 \(span) \(span)\""))
        #expect(svg.contains("shape-rendering=\"crispEdges\""))
        // The top-left finder's first row starts at the quiet zone's edge and runs 7 modules.
        #expect(svg.contains("d=\"M4 4h7v1h-7z"))
    }

    @Test("terminal output has the symbol's dimensions and a 4-module quiet zone", arguments: [
        TerminalRenderer.Style.plain, .plainInverted, .ansi,
    ])
    func terminal(style: TerminalRenderer.Style) {
        let text = code.terminalText(style: style)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        lines.removeLast()
        let span = code.size + 8
        #expect(lines.count == (span + 1) / 2)
        let plainLines = lines.map { line in
            line.replacingOccurrences(of: "\u{1B}[30;107m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        }
        if style == .ansi {
            #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[30;107m") && $0.hasSuffix("\u{1B}[0m") })
        } else {
            #expect(!text.contains("\u{1B}"))
        }
        let light: Character = style == .plainInverted ? "█" : " "
        for line in plainLines { #expect(line.count == span) }
        // Two text lines hold the four quiet-zone rows on top; each line starts and ends with four light columns.
        for line in plainLines.prefix(2) { #expect(line.allSatisfy { $0 == light }) }
        for line in plainLines {
            #expect(line.prefix(4).allSatisfy { $0 == light } && line.suffix(4).allSatisfy { $0 == light })
        }
        // Line 2 holds module rows 0 and 1 (quiet-zone rows 4 and 5): the finder's top edge is all dark
        // above dark (row 1 of a finder is dark at its edges), so it starts with a full block in dark styles.
        if style != .plainInverted { #expect(plainLines[2].dropFirst(4).first == "█") }
        // The bottom quiet zone: the symbol's size is odd, so the last line holds a symbol-free pair.
        #expect(plainLines.last?.allSatisfy { $0 == light } == true)
    }

    @Test("PNG is 1-bit greyscale with the caller's module size and quiet zone")
    func pngHeader() throws {
        let bytes = try PNGRenderer(moduleSize: 5, quietZone: 2).png(for: code)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == (code.size + 4) * 5 && height == width)
        #expect(bytes[24] == 1 && bytes[25] == 0)  // bit depth 1, greyscale
    }
}
