import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("vCard writing and reading")
struct VCardTests {
    static let plainVCard = """
        BEGIN:VCARD\r
        VERSION:3.0\r
        N:Lovelace;Ada;;;\r
        ORG:Analytical Engines Ltd;Research\r
        EMAIL;TYPE=INTERNET,WORK:ada@example.com\r
        TEL;TYPE=CELL:tel:+44 20 7946 0018\r
        item1.URL:https://ada.example\r
        NOTE:Likes engines\\, numbers\\; and poetry\\nNew line\r
        END:VCARD\r

        """

    @Test func plainVCardIsRefusedAsUnverifiedButParses() throws {
        #expect(throws: CardRejection.unreadableText("This vCard carries no Handshake signature: it can be imported as an unverified contact, but not verified.")) {
            try CardText.read(Array(Self.plainVCard.utf8), now: Fixture.now)
        }
        let entry = try VCardParser.parseSingle(Self.plainVCard)
        #expect(entry.name == "Ada Lovelace")
        #expect(entry.company == "Analytical Engines Ltd")
        #expect(entry.emails == ["ada@example.com"])
        #expect(entry.phones == ["+44 20 7946 0018"])
        #expect(entry.links == [SocialLink(platform: "web", url: "https://ada.example")])
        #expect(entry.bio == "Likes engines, numbers; and poetry\nNew line")
        #expect(entry.signedCard == nil)
        #expect(entry.claimedNodeID == nil)
    }

    @Test func writtenVCardMapsTheFields() throws {
        let signed = try Fixture.issue(Fixture.everyFieldCard())
        let entry = try VCardParser.parseSingle(VCardWriter.write(signed))
        let card = signed.card
        #expect(entry.name == card.name)
        #expect(entry.company == card.company)
        #expect(entry.title == card.title)
        #expect(entry.bio == card.bio)
        #expect(entry.location == card.location)
        #expect(entry.emails == card.emails)
        #expect(entry.phones == card.phones)
        #expect(entry.skills == card.skills)
        #expect(entry.links == card.links)
        #expect(entry.avatar == card.avatar)
        #expect(entry.claimedNodeID == card.nodeID)
        #expect(entry.signedCard == signed.bytes)
    }

    @Test func linesAreFoldedAtSeventyFiveOctets() throws {
        var card = try CardIssueTests.maximalCard()
        card.bio = String(repeating: "ü€𝄞 ", count: 64)  // multi-byte scalars near every fold
        let text = VCardWriter.write(try Fixture.issue(card))
        #expect(text.hasSuffix("\r\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.count > 100)
        for line in lines {
            #expect(line.utf8.count <= 75, "line of \(line.utf8.count) octets: \(line.prefix(20))…")
            #expect(!line.contains("\n") && !line.contains("\r"))
        }
        let read = try CardText.read(Array(text.utf8), now: Fixture.now)
        #expect(read.card.card == card)
        #expect(try VCardParser.parseSingle(text).bio == card.bio)
    }

    /// A fold may fall just before a combining mark; the continuation line then starts with a space
    /// followed by that mark, which must still be read as a continuation.
    @Test func foldBeforeACombiningMark() throws {
        var card = Fixture.businessCard()
        card.bio = String(repeating: "e\u{301}", count: 80)  // decomposed é: 1 + 2 bytes
        let signed = try Fixture.issue(card)
        let text = VCardWriter.write(signed)
        #expect(text.contains("\r\n \u{301}"))
        #expect(try VCardParser.parseSingle(text).bio?.unicodeScalars.elementsEqual(card.bio?.unicodeScalars ?? "".unicodeScalars) == true)
        #expect(try CardText.read(Array(text.utf8), now: Fixture.now).card == signed)
    }

    /// A combining mark right after ":", ",", ";" or "\\" joins it into one Character; the vCard must still
    /// escape and split at the punctuation.
    @Test func combiningMarksNextToPunctuation() throws {
        var card = Fixture.businessCard()
        card.bio = "\u{301}starts with a mark,\u{301} then;\u{308} and \\\u{301}"
        card.company = "A;\u{301}B"
        let signed = try Fixture.issue(card)
        let text = VCardWriter.write(signed)
        #expect(text.contains("NOTE:\u{301}starts with a mark\\,\u{301} then\\;\u{308} and \\\\\u{301}"))
        let entry = try VCardParser.parseSingle(text)
        #expect(entry.bio?.unicodeScalars.elementsEqual(card.bio?.unicodeScalars ?? "".unicodeScalars) == true)
        #expect(entry.company?.unicodeScalars.elementsEqual("A;\u{301}B".unicodeScalars) == true)
        #expect(try CardText.read(Array(text.utf8), now: Fixture.now).card == signed)
    }

    @Test func escapingRoundTrips() throws {
        var card = Fixture.businessCard()
        card.name = "Lovelace, Ada; \\Countess\\"
        card.company = "A;B,C\\D"
        card.bio = "first\nsecond, third; fourth \\ fifth"
        card.location = "London; UK"
        card.skills = ["C, C++", "a;b"]
        let text = VCardWriter.write(try Fixture.issue(card))
        #expect(text.contains("FN:Lovelace\\, Ada\\; \\\\Countess\\\\\r\n"))
        let entry = try VCardParser.parseSingle(text)
        #expect(entry.name == card.name)
        #expect(entry.company == card.company)
        #expect(entry.bio == card.bio)
        #expect(entry.location == card.location)
        #expect(entry.skills == card.skills)
    }

    @Test func parserIsBoundedAndReportsEachEntry() {
        let two = Self.plainVCard + Self.plainVCard
        let results = VCardParser.parseAll(two + "BEGIN:VCARD\r\nFN:Never ends\r\n")
        #expect(results.count == 3)
        #expect((try? results[0].get()) != nil)
        #expect(results[2] == .failure(.unterminated))
        #expect(throws: VCardParser.ParseError.moreThanOne) { try VCardParser.parseSingle(two) }
        #expect(throws: VCardParser.ParseError.noVCard) { try VCardParser.parseSingle("FN:Ada") }
        #expect(throws: VCardParser.ParseError.malformedLine(2)) { try VCardParser.parseSingle("BEGIN:VCARD\nno colon here\nEND:VCARD") }
        let many = "BEGIN:VCARD\n" + String(repeating: "NOTE:x\n", count: VCardParser.maxProperties + 1) + "END:VCARD\n"
        #expect(throws: VCardParser.ParseError.tooManyProperties) { try VCardParser.parseSingle(many) }
    }

    /// Parameters that are empty or only "=" are malformed input, not a reason to trap.
    @Test func emptyParametersDoNotTrap() {
        for line in ["FN;:Ada", "FN;=:Ada", "FN;==:Ada", "TEL;;TYPE=CELL:123"] {
            _ = VCardParser.parseAll("BEGIN:VCARD\r\n\(line)\r\nEND:VCARD\r\n")
        }
    }
}
