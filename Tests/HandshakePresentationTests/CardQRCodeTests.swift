// The card's QR code is decided once: its text is CardQR's, at level M, with a server or without; every other
// code a screen shows (a session token, a security code) at the same level.
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakePresentation
import HandshakeQR
import Testing

@Suite("card QR code")
struct CardQRCodeTests {
    @Test("HS1: text without a server, the card page link with one, both at level M")
    func decision() throws {
        #expect(CardQRCode.errorCorrection == .medium)
        let card = try Person(name: "Ada").card
        let alone = try CardQRCode.make(for: card, server: nil)
        #expect(alone == (try QRCode(encoding: CardText.qrText(card), errorCorrection: .medium)))
        let server = try #require(URL(string: "https://mailbox.example.org"))
        let linked = try CardQRCode.make(for: card, server: server)
        #expect(linked == (try QRCode(encoding: CardPageLink.link(for: card, server: server), errorCorrection: .medium)))
        #expect(linked.version >= alone.version)
    }

    @Test("a session token's and a security code's codes are made at the same level, as their text says")
    func otherCodes() throws {
        for text in ["HT1:6BFOXN*TS0BB0", "HSC1:0123456789"] {
            let code = try CardQRCode.make(showing: text)
            #expect(code == (try QRCode(encoding: text, errorCorrection: .medium)))
            #expect(code.errorCorrection == CardQRCode.errorCorrection)
        }
    }

    @Test("a card too large for any QR code is told in a sentence, naming the photo when it shares one")
    func tooLarge() throws {
        var ada = try Person(name: "Ada")
        let avatar = try Avatar(data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0x5A, count: 4000))
        try ada.edit { $0.avatar = avatar }
        #expect(throws: CardQRCodeError.self) { try CardQRCode.make(for: ada.card, server: nil) }
        do {
            _ = try CardQRCode.make(for: ada.card, server: nil)
        } catch {
            #expect(error.sharesAvatar)
            #expect(error.description.contains("the photo is usually the largest"))
        }
    }
}
