import Foundation
import HandshakeQR
import HandshakeQRPNG
import HandshakeTestSupport
import Testing

/// HandshakeQRPNG as an app uses it, through the public API only: a symbol drawn as a PNG file. The code
/// between the `article:` marks is the Getting Started article of HandshakeQRPNG's documentation, word for
/// word (a test below checks it); `zbarimg` then scans the image back.
@Suite("Getting started in an app: HandshakeQRPNG")
struct QRPNGGettingStartedTests {
    @Test("a symbol as a PNG file that scans back to its text")
    func gettingStarted() throws {
        let file = try makeTemporaryDirectory().appendingPathComponent("code.png")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // article:begin
        // The symbol comes from HandshakeQR; the PNG is 1-bit greyscale, compressed by the system's zlib.
        let code = try QRCode(encoding: "handshake://card#2EQBJ1gj", errorCorrection: .medium)
        let png = try code.png(moduleSize: 8, quietZone: 4)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))  // the PNG signature

        // Bytes to save, share or put in an image view.
        try Data(png).write(to: file)
        // article:end
        #expect(String(decoding: try ZbarDecodeTests.zbarRaw([file]), as: UTF8.self) == "handshake://card#2EQBJ1gj")
    }

    @Test("the Getting Started article shows exactly the code this suite runs")
    func articleMatchesTheTest() throws {
        #expect(try ArticleCode.inArticle("Sources/HandshakeQRPNG/HandshakeQRPNG.docc/GettingStarted.md") == ArticleCode.inTest())
    }
}
