import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("Every form of a card decodes to the same verified card")
struct CardFormsTests {
    @Test(arguments: CardForm.allCases)
    func everyFormRoundTrips(_ form: CardForm) throws {
        for signed in [try Fixture.signedBusinessCard(), try Fixture.issue(Fixture.everyFieldCard())] {
            let encoded = CardText.encode(signed, as: form)
            #expect(CardForm.detect(encoded) == form)
            let detected = try CardText.read(encoded, now: Fixture.now)
            #expect(detected.form == form)
            #expect(detected.card == signed)
            let told = try CardText.read(encoded, form: form, now: Fixture.now)
            #expect(told.card.bytes == signed.bytes)
        }
    }

    @Test func qrTextUsesOnlyAlphanumericModeCharacters() throws {
        let text = CardText.qrText(try Fixture.signedBusinessCard())
        #expect(text.hasPrefix("HS1:"))
        let alphanumeric = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
        #expect(text.allSatisfy { alphanumeric.contains($0) })
    }

    @Test func linkIsUnpaddedBase64URL() throws {
        let signed = try Fixture.signedBusinessCard()
        let link = CardText.link(signed)
        #expect(link.hasPrefix("handshake://card#"))
        #expect(!link.dropFirst("handshake://card#".count).contains { "+/=".contains($0) })
        // The scheme is case-insensitive on reading.
        let upper = "HANDSHAKE://CARD#" + link.dropFirst("handshake://card#".count)
        #expect(try CardText.read(Array(upper.utf8), now: Fixture.now).card == signed)
    }

    @Test func typedCodeToleratesHowPeopleTypeIt() throws {
        let signed = try Fixture.signedBusinessCard()
        let messy = "  " + CardText.code(signed).joined(separator: " ").lowercased() + "\n"
        let read = try CardText.read(Array(messy.utf8), now: Fixture.now)
        #expect(read.form == .code)
        #expect(read.card == signed)
    }

    @Test func detection() {
        func detect(_ text: String) -> CardForm? { CardForm.detect(Array(text.utf8)) }
        #expect(CardForm.detect([0xD2, 0x84]) == .cbor)
        #expect(detect("HS1:ABC") == .qrText)
        #expect(detect("\u{FEFF}  HS1:ABC") == .qrText)
        #expect(detect("handshake://card#AAAA") == .link)
        #expect(detect("Handshake://Card#AAAA") == .link)
        #expect(detect("begin:vcard\r\n") == .vcard)
        #expect(detect("\n BEGIN:VCARD") == .vcard)
        #expect(detect("7ZQ4M-ABCDE") == .code)
        #expect(detect("") == nil)
        #expect(detect("https://example.com") == .code || detect("https://example.com") == nil)
        #expect(detect("{\"json\": true}") == nil)
        #expect(detect("ünïcode") == nil)
    }

    @Test func unknownFormIsRefusedWithAnExplanation() {
        #expect(throws: CardRejection.unreadableText("This is not a Handshake card in any form Handshake knows (binary card, QR text starting HS1:, typed code, handshake://card# link, card page link or vCard).")) {
            try CardText.read(Array("{}".utf8), now: Fixture.now)
        }
    }

    @Test func damagedTextForms() throws {
        let signed = try Fixture.signedBusinessCard()
        // QR text with a character outside Base45.
        #expect(throws: CardRejection.self) { try CardText.read(Array("HS1:abc".utf8), now: Fixture.now) }
        // A link whose payload is not base64url.
        #expect(throws: CardRejection.unreadableText("This link is damaged: after handshake://card# it must hold the card in base64url.")) {
            try CardText.read(Array("handshake://card#***".utf8), now: Fixture.now)
        }
        // A typed code with one typo names its group.
        var groups = CardText.code(signed)
        groups[2] = String(groups[2].reversed())
        if groups[2] != CardText.code(signed)[2] {
            #expect(throws: CardRejection.unreadableText(GroupedCodeError.typo(groups: [3]).description)) {
                try CardText.read(Array(groups.joined(separator: "-").utf8), now: Fixture.now)
            }
        }
        // Not UTF-8.
        #expect(throws: CardRejection.unreadableText("This text is not valid UTF-8, so it can't be a Handshake card.")) {
            try CardText.read(Array("HS1:".utf8) + [0xFF], now: Fixture.now)
        }
        // Input larger than any text form.
        let huge = [UInt8](repeating: 0x41, count: CardText.maxInputBytes + 1)
        #expect(throws: CardRejection.tooLarge(bytes: huge.count, limit: CardText.maxInputBytes)) {
            try CardText.read(huge, now: Fixture.now)
        }
    }

    @Test func aTamperedFormIsStillVerified() throws {
        // A well-formed QR text whose card was changed: the signature check catches it.
        var bytes = try Fixture.signedBusinessCard().bytes
        bytes[bytes.count - 1] ^= 0x01
        let text = "HS1:" + Base45.encode(bytes)
        #expect(throws: CardRejection.badSignature) { try CardText.read(Array(text.utf8), now: Fixture.now) }
    }
}
