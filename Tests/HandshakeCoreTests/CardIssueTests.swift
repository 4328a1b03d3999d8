import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("Issuing and verifying cards")
struct CardIssueTests {
    @Test func businessCardRoundTrip() throws {
        let signed = try Fixture.signedBusinessCard()
        let verified = try CardVerifier().verify(signed.bytes, now: Fixture.now)
        #expect(verified.card == Fixture.businessCard())
        #expect(verified.bytes == signed.bytes)
        // Ed25519 is deterministic: issuing again gives the same bytes.
        #expect(try Fixture.signedBusinessCard().bytes == signed.bytes)
    }

    /// Every field at its limit, in ASCII, with a 64 KB avatar.
    static func maximalCard() throws -> ContactCard {
        func text(_ count: Int, _ seed: Int) -> String {
            String((0..<count).map { Character(Unicode.Scalar(UInt8(97 + ($0 + seed) % 26))) })
        }
        var card = Fixture.businessCard()
        card.name = text(CardLimits.name, 1)
        card.bio = text(CardLimits.bio, 2)
        card.location = text(CardLimits.location, 3)
        card.company = text(CardLimits.company, 4)
        card.title = text(CardLimits.title, 5)
        card.avatar = try Avatar(data: Fixture.png(CardLimits.avatarBytes))
        card.emails = (0..<CardLimits.emailCount).map { text(CardLimits.emailLength - 12, $0) + "@example.com" }
        card.phones = (0..<CardLimits.phoneCount).map { "+" + String(repeating: String($0), count: CardLimits.phoneLength - 1) }
        card.links = (0..<CardLimits.linkCount).map {
            SocialLink(platform: text(CardLimits.linkPlatformLength, $0), handle: text(CardLimits.linkHandleLength, $0),
                       url: "https://" + text(CardLimits.linkURLLength - 8, $0))
        }
        card.skills = (0..<CardLimits.skillCount).map { text(CardLimits.skillLength, $0) }
        return card
    }

    @Test func maximalCardRoundTrip() throws {
        let card = try Self.maximalCard()
        try card.fields.validate()
        let signed = try Fixture.issue(card)
        #expect(signed.bytes.count <= CardLimits.signedCardBytes)
        let verified = try CardVerifier().verify(signed.bytes, now: Fixture.now)
        #expect(verified.card == card)
        #expect(verified.card.avatar?.data.count == 65_536)
    }

    @Test func emptyOptionalFieldsAreLeftOut() throws {
        var card = Fixture.businessCard()
        card.name = nil
        card.emails = []
        let payload = CardSchema.encode(card)
        guard case .map(let pairs) = try CBORDecoder().decode(payload) else {
            Issue.record("not a map")
            return
        }
        #expect(pairs.compactMap(\.key.intValue) == [1, 2, 3, 4, 5, 10, 11, 13])
    }

    @Test func payloadIsTheCanonicalEncoding() throws {
        let signed = try Fixture.signedBusinessCard()
        let item = try CBORDecoder().decode(signed.bytes)
        #expect(CBOREncoder.encode(item) == signed.bytes)
        let envelope = try COSESign1(item, decoder: CBORDecoder())
        #expect(envelope.protectedHeader == [0xA1, 0x01, 0x27])
        #expect(envelope.payload == CardSchema.encode(Fixture.businessCard()))
    }
}
