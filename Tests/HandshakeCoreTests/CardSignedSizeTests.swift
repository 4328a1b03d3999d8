import Foundation
import HandshakeTestSupport
import Testing

@testable import HandshakeCore

/// Every field within its limit is not enough: the whole card, signed, must fit in what receivers accept
/// (CardLimits.signedCardBytes), or the owner would hand out a card nobody can receive.
@Suite("The signed size of the whole card")
struct CardSignedSizeTests {
    /// A 4-byte UTF-8 character (U+1D54F), a letter, so it is allowed everywhere text is.
    static let wide = "𝕏"

    static func wide(_ count: Int) -> String { String(repeating: wide, count: count) }

    /// Every field at its limit, in 4-byte characters wherever the rules allow them.
    static func everyFieldAtItsLimit() -> ContactCard {
        var card = Fixture.businessCard()
        card.name = wide(CardLimits.name)
        card.bio = wide(CardLimits.bio)
        card.avatar = try? Avatar(data: Fixture.png(CardLimits.avatarBytes))
        card.location = wide(CardLimits.location)
        card.company = wide(CardLimits.company)
        card.title = wide(CardLimits.title)
        let half = CardLimits.emailLength / 2
        card.emails = (0..<CardLimits.emailCount).map { _ in wide(half) + "@" + wide(CardLimits.emailLength - half - 1) }
        card.phones = (0..<CardLimits.phoneCount).map { _ in String(repeating: "9", count: CardLimits.phoneLength) }
        card.links = (0..<CardLimits.linkCount).map { _ in
            SocialLink(platform: wide(CardLimits.linkPlatformLength), handle: wide(CardLimits.linkHandleLength),
                       url: "https:" + wide(CardLimits.linkURLLength - 6))
        }
        card.skills = (0..<CardLimits.skillCount).map { _ in wide(CardLimits.skillLength) }
        return card
    }

    @Test("the size is known before signing, to the byte")
    func sizeBeforeSigning() throws {
        var big = Fixture.businessCard()
        big.avatar = try Avatar(data: Fixture.png(40_000))
        for card in [Fixture.businessCard(), try Fixture.everyFieldCard(), big] {
            #expect(card.signedByteCount == (try Fixture.issue(card)).bytes.count)
        }
    }

    @Test("a card with every field at its limit is refused whole, and the edit changes nothing")
    func everyFieldAtItsLimitIsRefused() throws {
        let huge = Self.everyFieldAtItsLimit()
        #expect(throws: Never.self) { try huge.fields.validate() }
        #expect(huge.signedByteCount > CardLimits.signedCardBytes)

        var profile = try CardProfile(card: Fixture.businessCard(), sharedFields: Set(CardField.allCases), identity: Fixture.identity)
        let before = profile
        #expect(throws: CardFieldError.cardTooLarge(bytes: huge.signedByteCount)) {
            try profile.edit(now: Fixture.now) { card in
                let keys = (card.sigKey, card.encKey, card.updatedAt)
                card = huge
                (card.sigKey, card.encKey, card.updatedAt) = keys
            }
        }
        let unchanged = profile == before
        #expect(unchanged)
    }

    @Test("the refusal says how large, what the limit is and what to do")
    func message() {
        let text = CardFieldError.cardTooLarge(bytes: 121_514).description
        #expect(text == "This card would be 121,514 bytes signed; the most a card may be is 98,304 bytes. "
            + "Remove or shorten some fields (the avatar is usually the largest).")
    }

    @Test("a card of exactly the limit is issued and received; one byte more is refused")
    func boundary() throws {
        // Links in 4-byte characters, then an avatar sized to reach the limit exactly. (Byte strings from
        // 256 to 65,535 bytes have the same header, so each avatar byte adds one signed byte.)
        let links = (0..<CardLimits.linkCount).map { _ in
            SocialLink(platform: "web", handle: Self.wide(CardLimits.linkHandleLength), url: "https:" + Self.wide(CardLimits.linkURLLength - 6))
        }
        let probe = try Avatar(data: Fixture.png(60_000))
        var profile = try CardProfile(card: Fixture.businessCard(), sharedFields: Set(CardField.allCases), identity: Fixture.identity)
        try profile.edit(now: Fixture.now) { card in
            card.links = links
            card.avatar = probe
        }
        let avatarBytes = 60_000 + CardLimits.signedCardBytes - profile.card.signedByteCount
        try #require((256...65_535).contains(avatarBytes))
        let atTheLimit = try Avatar(data: Fixture.png(avatarBytes))
        let oneByteMore = try Avatar(data: Fixture.png(avatarBytes + 1))

        try profile.edit(now: Fixture.now) { card in card.avatar = atTheLimit }
        let issued = try profile.issueCard(identity: Fixture.identity)
        #expect(issued.bytes.count == CardLimits.signedCardBytes)
        let received = try CardVerifier().verify(issued.bytes, now: Fixture.now)
        #expect(received.card.avatar == atTheLimit)

        let before = profile
        #expect(throws: CardFieldError.cardTooLarge(bytes: CardLimits.signedCardBytes + 1)) {
            try profile.edit(now: Fixture.now) { card in card.avatar = oneByteMore }
        }
        let unchanged = profile == before
        #expect(unchanged)
    }
}
