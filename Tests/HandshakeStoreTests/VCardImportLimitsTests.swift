// Establishes that an address-book import keeps only what a card could hold: every text field within its
// limit (shortened, said in the report), no stack of marks, lists within their count, addresses and numbers
// over their limit left out, and an entry whose fields are all fine imported exactly as written; the same for
// fields an app read itself (`importUnverified`), said in the same report.
import Foundation
import HandshakeCore
import HandshakeStore
import Testing

@Suite("vCard import holds entries to the card's field limits")
struct VCardImportLimitsTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func vCard(_ lines: [String]) -> [UInt8] {
        Array((["BEGIN:VCARD", "VERSION:3.0"] + lines + ["END:VCARD", ""]).joined(separator: "\r\n").utf8)
    }

    @Test func fieldsOverTheirLimitsAreShortenedAndSaid() throws {
        let book = try ContactBook()
        let long = String(repeating: "W", count: 5_000)
        let report = try book.importVCards(
            Self.vCard([
                "FN:" + long, "ORG:" + long, "TITLE:" + long, "NOTE:" + long, "ADR:;;" + long + ";;;;",
                "EMAIL:ada@example.com", "EMAIL:" + String(repeating: "a", count: 300) + "@example.com",
                "TEL:+44 20 7946 0000", "TEL:" + String(repeating: "1", count: 40),
                "EXPERTISE:" + String(repeating: "s", count: 100),
            ]), now: now)
        #expect(report.addedUnverified == 1 && report.skipped.isEmpty)
        let contact = try #require(try book.contacts().first)
        #expect(contact.details.name == String(repeating: "W", count: CardLimits.name))
        #expect(contact.details.company == String(repeating: "W", count: CardLimits.company))
        #expect(contact.details.title == String(repeating: "W", count: CardLimits.title))
        #expect(contact.details.bio == String(repeating: "W", count: CardLimits.bio))
        #expect(contact.details.location == String(repeating: "W", count: CardLimits.location))
        #expect(contact.details.emails == ["ada@example.com"])
        #expect(contact.details.phones == ["+44 20 7946 0000"])
        #expect(contact.details.skills == [String(repeating: "s", count: CardLimits.skillLength)])
        // The whole entry is within a card's rules now.
        try contact.details.validate()
        let said = report.notes.map(\.reason)
        #expect(said.contains("its name (5000 characters) was shortened to 64"))
        #expect(said.contains("its bio (5000 characters) was shortened to 256"))
        #expect(said.contains("an email address over 254 characters was left out"))
        #expect(said.contains("a phone number over 32 characters was left out"))
        #expect(said.contains("its skills entry (100 characters) was shortened to 48"))
        // The report names the entry by its shortened name, never by 5,000 characters.
        #expect(report.notes.allSatisfy { ($0.name?.unicodeScalars.count ?? 0) <= CardLimits.name })
    }

    @Test func aStackOfMarksIsCutToTheRule() throws {
        let book = try ContactBook()
        let zalgo = "Z" + String(repeating: "\u{0301}", count: 500) + "oe"
        let report = try book.importVCards(Self.vCard(["FN:" + zalgo]), now: now)
        let contact = try #require(try book.contacts().first)
        #expect(contact.details.name == "Z" + String(repeating: "\u{0301}", count: TextLength.maxMarksPerCharacter) + "oe")
        #expect(!TextLength.hasTooManyMarks(contact.displayName))
        // The reader's cleaning already cuts such a stack, and says so; the limits are the second line of defence.
        #expect(report.notes.count == 1, "\(report.notes)")
    }

    @Test func listsKeepTheirFirstEntriesUpToTheCount() throws {
        let book = try ContactBook()
        let emails = (0..<12).map { "EMAIL:p\($0)@example.com" }
        let report = try book.importVCards(Self.vCard(["FN:Many Addresses"] + emails), now: now)
        let contact = try #require(try book.contacts().first)
        #expect(contact.details.emails == (0..<CardLimits.emailCount).map { "p\($0)@example.com" })
        #expect(report.notes.map(\.reason) == ["only the first 8 of its 12 email addresses were kept"])
    }

    @Test func anEntryWithNothingLeftIsRefused() throws {
        let book = try ContactBook()
        let report = try book.importVCards(Self.vCard(["EMAIL:" + String(repeating: "a", count: 300) + "@example.com"]), now: now)
        #expect(report.added == 0)
        #expect(report.skipped.map(\.reason) == ["it has no name, email or phone"])
    }

    @Test func anEntryWithinTheLimitsIsKeptAsWritten() throws {
        let book = try ContactBook()
        let name = "Zoë 山田 e\u{301}" + String(repeating: "x", count: 40)
        let report = try book.importVCards(Self.vCard(["FN:" + name, "NOTE:line one\\nline two", "EMAIL:zoe@example.com"]), now: now)
        #expect(report.notes.isEmpty)
        let contact = try #require(try book.contacts().first)
        #expect(contact.details.name == name)
        #expect(contact.details.bio == "line one\nline two")
    }

    @Test func fieldsAnAppReadItselfAreHeldToTheSameLimitsAndSaidTheSameWay() throws {
        let book = try ContactBook()
        let long = String(repeating: "W", count: 5_000)
        let entries = [
            CardFields(name: "Fits", emails: ["fits@example.com"]),
            CardFields(
                name: long, bio: long, emails: ["ada@example.com", String(repeating: "a", count: 300) + "@example.com"],
                skills: (0..<40).map { "skill \($0)" }),
        ]
        let report = try book.importUnverified(entries, now: now)
        #expect(report.entries == 2 && report.addedUnverified == 2 && report.addedVerified == 0 && report.skipped.isEmpty)
        let shortened = try #require(try book.contacts().first { $0.details.emails.contains("ada@example.com") })
        #expect(shortened.details.name == String(repeating: "W", count: CardLimits.name))
        #expect(shortened.details.bio == String(repeating: "W", count: CardLimits.bio))
        #expect(shortened.details.emails == ["ada@example.com"])
        #expect(shortened.details.skills.count == CardLimits.skillCount)
        try shortened.details.validate()
        // The notes name the second entry, by its shortened name, in the words a vCard import uses.
        #expect(report.notes.allSatisfy { $0.entry == 2 && $0.name == shortened.details.name })
        #expect(report.notes.map(\.reason) == [
            "its name (5000 characters) was shortened to 64", "its bio (5000 characters) was shortened to 256",
            "an email address over 254 characters was left out", "only the first \(CardLimits.skillCount) of its 40 skills were kept",
        ])
        let viaVCard = try ContactBook().importVCards(Self.vCard(["FN:" + long, "NOTE:" + long]), now: now)
        #expect(viaVCard.notes.map(\.reason) == Array(report.notes.map(\.reason).prefix(2)))
    }

    /// The book's own fields an export carries (alias, notes, tags) are held to the book's limits when the
    /// rows are written, a batch at a time; what was left out is said in the report like any other note.
    @Test func theBooksOwnFieldsOverTheirLimitsAreLeftOutAndSaid() throws {
        let report = try ContactBook().importVCards(
            Self.vCard(["FN:Ada Lovelace", "X-HANDSHAKE-ALIAS:" + String(repeating: "a", count: ContactLimits.alias + 1), "X-HANDSHAKE-TAG:friends"]),
            now: now)
        #expect(report.addedUnverified == 1)
        #expect(report.notes.map(\.description) == ["Entry 1 (Ada Lovelace): its alias is over \(ContactLimits.alias) characters; left out"])
    }

    @Test func fittingLeavesTextThatFitsAlone() {
        #expect(TextLength.fitting("Ada", limit: 3) == "Ada")
        #expect(TextLength.fitting("Adam", limit: 3) == "Ada")
        #expect(TextLength.fitting("e\u{301}\u{301}", limit: 2) == "e\u{301}")
        #expect(TextLength.fitting("a\u{200D}" + String(repeating: "\u{0300}", count: 9), limit: 64).unicodeScalars.count == 2 + TextLength.maxMarksPerCharacter)
    }
}
