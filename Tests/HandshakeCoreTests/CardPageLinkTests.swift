import Foundation
import HandshakeTestSupport
import Testing

@_spi(Wire) import HandshakeCore

/// The card page link, `SERVER/c#DIGITS` (docs/formats/card.md §5.3): written on any server address, read back
/// by every reader as the card itself (form `link`), detected by its shape alone, and checked against Python's
/// own URL parser and integers, with segno measuring what it costs in a QR code.
@Suite struct CardPageLinkTests {
    static let server = URL(string: "https://handshake.example.org")!

    @Test func theLinkReadsBackAsTheCard() throws {
        let signed = try Fixture.signedBusinessCard()
        let link = CardPageLink.link(for: signed, server: Self.server)
        #expect(link == "https://handshake.example.org/c#" + DecimalDigits.encode(signed.bytes))
        #expect(CardPageLink.link(for: signed, server: URL(string: "https://handshake.example.org//")!) == link)
        #expect(CardForm.detect(Array(link.utf8)) == .link)
        let (read, form) = try CardText.read(Array(link.utf8), now: Fixture.now)
        #expect(read.bytes == signed.bytes && form == .link)
    }

    @Test func theShapesReadersAccept() throws {
        let signed = try Fixture.signedBusinessCard()
        let digits = DecimalDigits.encode(signed.bytes)
        for text in [
            "HTTPS://HANDSHAKE.EXAMPLE.ORG/c#\(digits)", "http://127.0.0.1:8080/c#\(digits)", "https://example.org/mailbox/c#\(digits)",
            "\u{FEFF} https://example.org/c#\(digits)\n",
        ] {
            #expect(CardPageLink.isCardPageLink(Array(text.utf8)), "\(text.prefix(40))")
            #expect(try CardText.read(Array(text.utf8), now: Fixture.now).card.bytes == signed.bytes, "\(text.prefix(40))")
        }
        for text in [
            "https://example.org/C#\(digits)", "https://example.org/cat#\(digits)", "https://example.org/c?x=1#\(digits)",
            "https://example.org/c#x\(digits)", "https://example.org/c", "ftp://example.org/c#\(digits)",
            "https://example.org/share/contact/\(String(repeating: "Z", count: 43))",
            "https://" + String(repeating: "a", count: CardPageLink.maxServerBytes) + "/c#\(digits)",
        ] {
            #expect(!CardPageLink.isCardPageLink(Array(text.utf8)), "\(text.prefix(40))")
        }
    }

    @Test func damagedDigitsAreRefusedWithASentence() throws {
        let digits = DecimalDigits.encode(try Fixture.signedBusinessCard().bytes)
        #expect(throws: CardRejection.unreadableText("This card page link is damaged: after # it holds the card as digits, and \(digits.count - 1) digits is not a length the digits of any bytes have (a chunk is cut short).")) {
            try CardText.read(Array("https://example.org/c#\(digits.dropLast())".utf8), now: Fixture.now)
        }
        var changed = Array(digits)
        changed[100] = changed[100] == "1" ? "2" : "1"
        #expect(throws: CardRejection.self) { try CardText.read(Array("https://example.org/c#\(String(changed))".utf8), now: Fixture.now) }
    }

    /// Python's urllib finds the card in the fragment and its integers decode the digits; segno measures the QR
    /// code: the typical card of docs/performance.md is at most two versions larger as a link than as HS1: text.
    @Test func pythonReadsTheLinkAndSegnoMeasuresIt() async throws {
        for (signed, server) in [
            (try Fixture.signedBusinessCard(), Self.server), (try Fixture.issue(Fixture.everyFieldCard()), URL(string: "http://127.0.0.1:43567/mailbox")!),
        ] {
            let link = CardPageLink.link(for: signed, server: server)
            let result = try await python.run("card_page_link.py", ["link": link, "card": signed.bytes.hex])
            #expect(result["bytes"] as? Int == signed.bytes.count)
            let linkVersion = try #require(result["linkVersion"] as? Int), textVersion = try #require(result["qrTextVersion"] as? Int)
            #expect(linkVersion <= textVersion + 2, "\(linkVersion) against \(textVersion)")
        }
    }
}
