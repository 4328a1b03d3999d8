import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("The owner's card profile")
struct CardProfileTests {
    func profile() throws -> CardProfile {
        try CardProfile(card: Fixture.everyFieldCard(), sharedFields: Set(CardField.allCases), identity: Fixture.identity)
    }

    @Test func sharingProfileKeepsOnlyChosenFields() throws {
        var profile = try profile()
        profile.share([.name, .emails], now: Fixture.now)
        let issued = try profile.issueCard(identity: Fixture.identity)
        let verified = try CardVerifier().verify(issued.bytes, now: Fixture.now)
        #expect(verified.card.fields.presentFields == [.name, .emails])
        #expect(verified.card.name == "Ada Lovelace")
        #expect(verified.card.emails == profile.card.emails)
        // The profile itself still holds everything.
        #expect(profile.card.fields.presentFields == CardField.allCases)
        guard case .map(let pairs) = try CBORDecoder().decode(COSESign1(CBORDecoder().decode(issued.bytes), decoder: CBORDecoder()).payload) else {
            Issue.record("payload is not a map")
            return
        }
        #expect(pairs.compactMap(\.key.intValue) == [1, 2, 3, 4, 5, 6, 12])
    }

    @Test func sharingNothingIssuesTheRequiredFieldsOnly() throws {
        var profile = try profile()
        profile.share([], now: Fixture.now)
        let verified = try CardVerifier().verify(profile.issueCard(identity: Fixture.identity).bytes, now: Fixture.now)
        #expect(verified.card.fields.presentFields.isEmpty)
    }

    @Test func editBumpsUpdatedAtStrictly() throws {
        var profile = try profile()
        let start = profile.card.updatedAt
        // The clock is behind the card: one millisecond later, each time.
        let past = Date(timeIntervalSince1970: 1_000)
        try profile.edit(now: past) { $0.title = "Countess" }
        #expect(profile.card.updatedAt == start + 1)
        try profile.edit(now: past) { $0.title = "Countess of Lovelace" }
        #expect(profile.card.updatedAt == start + 2)
        // The clock is ahead: the clock's time.
        let later = Date(timeIntervalSince1970: TimeInterval(start / 1000) + 60)
        try profile.edit(now: later) { $0.location = "Marylebone" }
        #expect(profile.card.updatedAt == (start / 1000 + 60) * 1000)
        // Changing the sharing profile is an edit too; choosing the same set is not.
        let beforeShare = profile.card.updatedAt
        profile.share([.name], now: past)
        #expect(profile.card.updatedAt == beforeShare + 1)
        profile.share([.name], now: later)
        #expect(profile.card.updatedAt == beforeShare + 1)
    }

    @Test func editCannotChangeTheKeys() throws {
        var profile = try profile()
        try profile.edit(now: Fixture.now) { card in
            card.sigKey = Fixture.other.sigKey
            card.encKey = Fixture.other.encKey
        }
        #expect(profile.card.nodeID == Fixture.identity.nodeID)
        #expect(profile.card.sigKey == Fixture.identity.sigKey)
        #expect(profile.card.encKey == Fixture.identity.encKey)
    }

    @Test func restoredProfileTakesTheIdentitysKeysAndChecksFields() throws {
        let foreign = Fixture.businessCard(Fixture.other)
        let profile = try CardProfile(card: foreign, sharedFields: [.name], identity: Fixture.identity)
        #expect(profile.card.nodeID == Fixture.identity.nodeID)
        var bad = foreign
        bad.name = ""
        #expect(throws: CardFieldError.empty(field: "name")) {
            try CardProfile(card: bad, sharedFields: [], identity: Fixture.identity)
        }
    }

    @Test func fieldNamesAcceptSingularSpellings() {
        #expect(CardField(name: "Email") == .emails)
        #expect(CardField(name: "phone") == .phones)
        #expect(CardField(name: "skills") == .skills)
        #expect(CardField(name: "nickname") == nil)
        // The optional fields' keys follow the five required ones, each once, in the fields' order.
        let keys = CardField.allCases.map(\.cborKey)
        #expect(keys.first == 6 && keys == keys.sorted() && Set(keys).count == keys.count)
    }
}
