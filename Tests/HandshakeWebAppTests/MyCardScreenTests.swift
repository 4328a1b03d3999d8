import Foundation
import HandshakeCore
import HandshakeQRReader
import HandshakeStore
import HandshakeTestSupport
import Testing

@testable import HandshakeWebApp

/// The My card screen's QR code, read as a phone reads it: the screen's SVG rasterised by rsvg-convert and
/// decoded by zbar (neither ours). Once a server is registered it is the card page link there; without one,
/// the card's HS1: text.
struct MyCardScreenTests {
    @Test func theQRCodeIsTheCardPageLinkOnceAServerIsRegistered() async throws {
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(ScreenTextTests.container()))
        let card = try ada.issueCard()
        let server = try #require(URL(string: "https://mailbox.invalid"))

        let withServer = try await Self.qrText(of: MyCardScreen.page(card: card, server: server))
        #expect(withServer == CardPageLink.link(for: card, server: server))
        #expect(withServer.hasPrefix("https://mailbox.invalid/c#"))
        let scanned = try CardText.read(Array(withServer.utf8), now: Date())
        #expect(scanned.card == card && scanned.form == .link, "the link is the card, read with no network")

        let withoutServer = try await Self.qrText(of: MyCardScreen.page(card: card, server: nil))
        #expect(withoutServer == CardText.qrText(card))
    }

    /// The text of the one QR code on `page`.
    static func qrText(of page: String) async throws -> String {
        let start = try #require(page.range(of: "<svg"), "the screen has a QR code")
        let end = try #require(page.range(of: "</svg>", range: start.upperBound..<page.endIndex))
        let folder = ScreenTextTests.container()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("card.svg"), png = folder.appendingPathComponent("card.png")
        try String(page[start.lowerBound..<end.upperBound]).write(to: svg, atomically: true, encoding: .utf8)
        let converted = try await Tool.run("rsvg-convert", "-o", png.path, svg.path)
        try #require(converted.status == 0, "rsvg-convert (scripts/install-test-tools installs librsvg2-bin): \(converted.stderr)")
        return String(decoding: try await QRPictureReader().read(fileAt: png.path), as: UTF8.self)
    }
}
