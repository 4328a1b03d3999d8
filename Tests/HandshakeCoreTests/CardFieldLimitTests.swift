import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

/// Every field rule of schema 1 holds on both sides: the owner's edit is refused (and changes nothing),
/// and a card signed with the same value anyway is refused by the receiver with `.fieldRule`.
@Suite("Card field limits, enforced when writing and when reading")
struct CardFieldLimitTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let edit: @Sendable (inout ContactCard) -> Void
        let expected: CardFieldError
        var testDescription: String { label }
    }

    static func text(_ count: Int, _ unit: String = "a") -> String { String(repeating: unit, count: count) }

    static let cases: [Case] = [
        Case(label: "name 65", edit: { $0.name = text(65) }, expected: .tooLong(field: "name", length: 65, limit: 64)),
        Case(label: "name empty", edit: { $0.name = "" }, expected: .empty(field: "name")),
        Case(label: "name with BEL", edit: { $0.name = "Ada\u{07}" }, expected: .controlCharacter(field: "name")),
        Case(label: "name with line break", edit: { $0.name = "Ada\nL" }, expected: .controlCharacter(field: "name")),
        Case(label: "name with C1 control", edit: { $0.name = "Ada\u{85}" }, expected: .controlCharacter(field: "name")),
        Case(label: "title with RLO", edit: { $0.title = "CEO\u{202E}" }, expected: .controlCharacter(field: "title")),
        Case(label: "company with FSI", edit: { $0.company = "\u{2068}Acme" }, expected: .controlCharacter(field: "company")),
        Case(label: "name with a zero-width space", edit: { $0.name = "Ada\u{200B}Lovelace" }, expected: .controlCharacter(field: "name")),
        Case(label: "name with a joiner between ASCII letters", edit: { $0.name = "Ada\u{200D}Lovelace" }, expected: .controlCharacter(field: "name")),
        Case(label: "name with a word joiner", edit: { $0.name = "Ada\u{2060}" }, expected: .controlCharacter(field: "name")),
        Case(label: "name with an invisible plus", edit: { $0.name = "Ada\u{2064}" }, expected: .controlCharacter(field: "name")),
        Case(label: "name with a byte-order mark", edit: { $0.name = "\u{FEFF}Ada" }, expected: .controlCharacter(field: "name")),
        Case(label: "name with tag characters", edit: { $0.name = "Ada\u{E0041}\u{E0042}" }, expected: .controlCharacter(field: "name")),
        Case(label: "name with a soft hyphen", edit: { $0.name = "Ada\u{AD}" }, expected: .controlCharacter(field: "name")),
        Case(label: "name with a Hangul filler", edit: { $0.name = "\u{3164}" }, expected: .controlCharacter(field: "name")),
        Case(label: "name with a right-to-left mark", edit: { $0.name = "Ada\u{200F}" }, expected: .controlCharacter(field: "name")),
        Case(label: "name with a line separator", edit: { $0.name = "Ada\u{2028}L" }, expected: .controlCharacter(field: "name")),
        Case(label: "name stacking 7 marks", edit: { $0.name = "a" + text(7, "\u{0301}") }, expected: .tooManyMarks(field: "name")),
        Case(label: "name of a and 500 marks", edit: { $0.name = "a" + text(500, "\u{0301}") }, expected: .tooLong(field: "name", length: 501, limit: 64)),
        Case(label: "bio 257", edit: { $0.bio = text(257) }, expected: .tooLong(field: "bio", length: 257, limit: 256)),
        Case(label: "bio with CR", edit: { $0.bio = "a\rb" }, expected: .controlCharacter(field: "bio")),
        Case(label: "location 129", edit: { $0.location = text(129) }, expected: .tooLong(field: "location", length: 129, limit: 128)),
        Case(label: "company 65", edit: { $0.company = text(65) }, expected: .tooLong(field: "company", length: 65, limit: 64)),
        Case(label: "title 65 (two-byte scalars)", edit: { $0.title = text(65, "é") }, expected: .tooLong(field: "title", length: 65, limit: 64)),
        Case(label: "name 66 scalars in 22 graphemes", edit: { $0.name = text(22, "👩‍💻") }, expected: .tooLong(field: "name", length: 66, limit: 64)),
        Case(label: "9 emails", edit: { $0.emails = (0..<9).map { "a\($0)@example.com" } }, expected: .tooMany(field: "email addresses", count: 9, limit: 8)),
        Case(label: "email 255", edit: { $0.emails = [text(243) + "@example.com"] }, expected: .tooLong(field: "email address", length: 255, limit: 254)),
        Case(label: "email without @", edit: { $0.emails = ["ada.example.com"] }, expected: .invalidEmail("ada.example.com")),
        Case(label: "email with space", edit: { $0.emails = ["ada @example.com"] }, expected: .invalidEmail("ada @example.com")),
        Case(label: "9 phones", edit: { $0.phones = (0..<9).map { "+1 555 000 \($0)" } }, expected: .tooMany(field: "phone numbers", count: 9, limit: 8)),
        Case(label: "phone 33", edit: { $0.phones = [text(33, "1")] }, expected: .tooLong(field: "phone number", length: 33, limit: 32)),
        Case(label: "phone with letters", edit: { $0.phones = ["call me"] }, expected: .invalidPhone("call me")),
        Case(label: "17 links", edit: { $0.links = (0..<17).map { SocialLink(platform: "web", url: "https://example.com/\($0)") } }, expected: .tooMany(field: "links", count: 17, limit: 16)),
        Case(label: "link platform 33", edit: { $0.links = [SocialLink(platform: text(33), handle: "@a")] }, expected: .tooLong(field: "link platform", length: 33, limit: 32)),
        Case(label: "link handle 65", edit: { $0.links = [SocialLink(platform: "x", handle: text(65))] }, expected: .tooLong(field: "link handle", length: 65, limit: 64)),
        Case(label: "link URL 513", edit: { $0.links = [SocialLink(platform: "web", url: "https://" + text(505))] }, expected: .tooLong(field: "link URL", length: 513, limit: 512)),
        Case(label: "link with neither handle nor URL", edit: { $0.links = [SocialLink(platform: "github")] }, expected: .invalidLink("the \"github\" link needs a handle or a URL")),
        Case(label: "link URL whose scheme is a mark on a dash", edit: { $0.links = [SocialLink(platform: "web", url: "-\u{0301}:x")] }, expected: .invalidLink("\"-\u{0301}:x\" is not a URL (it needs a scheme such as https:)")),
        Case(label: "link URL without scheme", edit: { $0.links = [SocialLink(platform: "web", url: "example.com")] }, expected: .invalidLink("\"example.com\" is not a URL (it needs a scheme such as https:)")),
        Case(label: "33 skills", edit: { $0.skills = (0..<33).map { "skill \($0)" } }, expected: .tooMany(field: "skills", count: 33, limit: 32)),
        Case(label: "skill 49", edit: { $0.skills = [text(49)] }, expected: .tooLong(field: "skill", length: 49, limit: 48)),
        Case(label: "empty skill", edit: { $0.skills = [""] }, expected: .empty(field: "skill")),
    ]

    @Test("the owner's edit is refused and changes nothing", arguments: cases)
    func editRefused(_ testCase: Case) throws {
        var profile = try CardProfile(card: Fixture.businessCard(), sharedFields: Set(CardField.allCases), identity: Fixture.identity)
        let before = profile.card
        #expect(throws: testCase.expected) {
            try profile.edit(now: Fixture.now) { card in testCase.edit(&card) }
        }
        #expect(profile.card == before)
    }

    @Test("a card signed with the value anyway is refused with .fieldRule", arguments: cases)
    func receivedCardRefused(_ testCase: Case) throws {
        var card = Fixture.businessCard()
        testCase.edit(&card)
        let bytes = Craft.sign(CardSchema.encode(card))
        #expect(rejection(of: bytes) == .fieldRule(testCase.expected))
    }

    @Test func avatarLimitOnBothSides() throws {
        #expect(throws: CardFieldError.avatarTooLarge(bytes: 65_537)) { try Avatar(data: Fixture.png(65_537)) }
        #expect(throws: CardFieldError.avatarNotAnImage) { try Avatar(data: Array("GIF89a".utf8)) }
        #expect(try Avatar(data: Fixture.png(65_536)).mediaType == "image/png")
        #expect(try Avatar(data: [0xFF, 0xD8, 0xFF, 0xE0]).mediaType == "image/jpeg")

        let card = Fixture.businessCard()
        let tooLarge = Craft.sign(try Craft.payload(card, replacing: [8: .bytes(Fixture.png(65_537))]))
        #expect(rejection(of: tooLarge) == .fieldRule(.avatarTooLarge(bytes: 65_537)))
        let notImage = Craft.sign(try Craft.payload(card, replacing: [8: .bytes(Array("GIF89a".utf8))]))
        #expect(rejection(of: notImage) == .fieldRule(.avatarNotAnImage))
    }

    @Test("visible text with invisible characters in their place is accepted: emoji sequences, Persian, Indic, flags, keycaps, a Tibetan stack")
    func invisibleCharactersDoingTheirJob() throws {
        let names = [
            "Ada 👩‍💻", "❤️‍🔥 Ada", "مریم می‌خواهد", "क्‍ष", "1️⃣ Ada", "Ada 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "葛\u{E0100}城",
            "ཧྨྱཱུྃ", "Nguyễn", "Eve\"\u{0301} data-pwned=\"1", "a" + Self.text(6, "\u{0301}"),
        ]
        for name in names {
            var profile = CardProfile(identity: Fixture.identity, now: Fixture.now)
            try profile.edit(now: Fixture.now) { card in card.name = name }
            let issued = try profile.issueCard(identity: Fixture.identity)
            #expect(try CardVerifier().verify(issued.bytes, now: Fixture.now).card.name == name, "\(name.debugDescription)")
        }
    }

    @Test func valuesExactlyAtTheLimitsAreAccepted() throws {
        var profile = CardProfile(identity: Fixture.identity, now: Fixture.now)
        try profile.edit(now: Fixture.now) { card in
            card.name = Self.text(64, "é")  // 64 scalars, 128 bytes
            card.title = Self.text(21, "👩‍💻") + "x"  // 64 scalars in 22 characters
            card.bio = "line one\nline two"
            card.phones = ["+1 (555) 010-9999"]
        }
        let issued = try profile.issueCard(identity: Fixture.identity)
        #expect(try CardVerifier().verify(issued.bytes, now: Fixture.now).card == profile.card)
    }
}
