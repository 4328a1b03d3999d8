import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeQR
import HandshakeTestSupport
import Testing

/// Which text the QR code of one's own card carries (`CardQR`), and what the card page link costs in a QR code
/// with our encoder: for the worked example of docs/formats/card.md (a typical business card), at most two
/// versions more than its `HS1:` text at error correction M; docs/qr.md gives the figures this prints.
@Suite struct CardQRTests {
    @Test func theServerDecides() throws {
        let card = try Fixture.issue(Fixture.businessCard())
        #expect(CardQR.text(for: card, server: nil) == CardText.qrText(card))
        let server = try #require(URL(string: "https://handshake.example.org/"))
        #expect(CardQR.text(for: card, server: server) == CardPageLink.link(for: card, server: server))
        #expect(CardQR.text(for: card, server: server).hasPrefix("https://handshake.example.org/c#"))
    }

    @Test func theLinkIsAtMostTwoVersionsLarger() throws {
        let card = try Fixture.issue(Fixture.businessCard())
        for server in ["https://handshake.example.org", "https://hs.example", "https://mailbox.example.org/handshake"] {
            let text = CardQR.text(for: card, server: URL(string: server))
            let link = try QRCode(encoding: text, errorCorrection: .medium)
            let plain = try QRCode(encoding: CardText.qrText(card), errorCorrection: .medium)
            print("A \(card.bytes.count)-byte card: HS1: text \(CardText.qrText(card).count) characters, version \(plain.version) (\(plain.size) modules); on \(server), the card page link \(text.count) characters, version \(link.version) (\(link.size) modules)")
            #expect(link.version <= plain.version + 2, "\(server)")
        }
    }
}
