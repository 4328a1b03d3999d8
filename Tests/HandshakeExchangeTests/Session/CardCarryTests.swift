import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The carry of docs/protocols/nearby.md §6a: after the swap, each side lists the dates of the common friends'
/// cards it holds and the other answers with the newer ones; a card the carrier changed, or one nobody asked
/// for, is refused; leaving waits for the cards owed. The messages are read by `Conformance/nearby_messages.py`
/// (cbor2, and cryptography verifying each carried card's COSE signature).
@Suite("Carrying common friends' newer cards")
struct CardCarryTests {
    static let carol = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xC0, count: 32))!)
    static let dan = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xD0, count: 32))!)
    static let erin = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xE0, count: 32))!)

    static func card(_ identity: Identity, _ title: String, daysAgo: Double) -> SignedCard {
        Fixture.madeCard(by: identity, at: SessionPair.start.wall.addingTimeInterval(-daysAgo * 86_400)) {
            $0.name = "Friend"
            $0.fields.title = title
        }
    }

    static let carolOld = card(carol, "Engineer", daysAgo: 30)
    static let carolNew = card(carol, "Chief engineer", daysAgo: 2)
    static let danOld = card(dan, "Pilot", daysAgo: 20)
    static let danNew = card(dan, "Captain", daysAgo: 1)

    /// What a side's book holds, by signing key.
    struct Held: CommonFriendCards {
        let cards: [SignedCard]
        func newestCard(of key: SigningPublicKey) -> SignedCard? { cards.first { $0.card.sigKey == key } }
    }

    /// Ada holds Carol's old card and Dan's new one, Bob the other way round; both trust Carol, Dan and Erin
    /// (whose card neither holds), and Bob trusts nobody else.
    static func pair(ada: [SignedCard] = [carolOld, danNew], bob: (any CommonFriendCards)? = Held(cards: [carolNew, danOld])) -> NearbyPair {
        let friends = [carol.sigKey, dan.sigKey, erin.sigKey]
        var pair = NearbyPair()
        pair.ada = NearbySession(
            role: .initiator, secret: nil, ownKey: SessionPair.ada.sigKey, trustedContacts: friends, commonFriendCards: Held(cards: ada),
            now: SessionPair.start)
        pair.bob = NearbySession(
            role: .responder, secret: nil, ownKey: SessionPair.bob.sigKey, trustedContacts: friends, commonFriendCards: bob, now: SessionPair.start)
        pair.toAda = []; pair.toBob = []; pair.events = []; pair.eventsAt = [:]
        pair.take(pair.ada.start(), from: .ada)
        pair.take(pair.bob.start(), from: .bob)
        pair.deliver()
        return pair
    }

    /// Ada asks and Bob accepts; everything in flight is then delivered.
    static func swap(_ pair: inout NearbyPair) throws {
        try pair.request(.ada)
        pair.deliver()
        try pair.request(.bob)
        pair.deliver()
    }

    @Test("each side gets the newer card the other holds, and nothing else")
    func newerCardsCross() throws {
        var pair = Self.pair()
        #expect(pair.events.allSatisfy { if case .carriedCard = $0 { false } else { true } }, "nothing is carried before the swap")
        try Self.swap(&pair)
        #expect(pair.eventsAt[.ada]?.contains(.carriedCard(Self.carolNew)) == true)
        #expect(pair.eventsAt[.bob]?.contains(.carriedCard(Self.danNew)) == true)
        let carried = pair.events.filter { if case .carriedCard = $0 { true } else { false } }
        #expect(carried.count == 2, "one each way: the older ones stay home, Erin's card nobody holds")
        #expect(pair.ada.state.success != nil && pair.bob.state.success != nil, "the session goes on, for the notes")
    }

    @Test("a side that holds nothing of theirs asks for nothing, and still answers with what it holds")
    func oneSided() throws {
        var pair = Self.pair(ada: [], bob: Held(cards: [Self.carolNew]))
        try Self.swap(&pair)
        #expect(pair.eventsAt[.ada]?.contains(.carriedCard(Self.carolNew)) == false, "Ada listed no versions, so nothing came")
        #expect(!(pair.eventsAt[.bob] ?? []).contains { if case .carriedCard = $0 { true } else { false } })
    }

    /// Bob's side as a carrier who does not follow the rules: after the swap, what `forge` seals with Bob's
    /// channel reaches Ada in place of Bob's own answer.
    static func forged(_ forge: (inout SecureChannel) throws -> [UInt8]) throws -> NearbyPair {
        var pair = Self.pair(bob: nil)
        try pair.request(.ada)
        pair.deliver()
        try pair.request(.bob)
        // Bob's acceptance reaches Ada, whose versions go out; Bob never reads them.
        let acceptance = pair.toAda
        pair.toAda = []
        var bobChannel = pair.bob.channel
        pair.take(pair.ada.receive(acceptance, now: pair.now), from: .ada)
        pair.toBob = []
        let wire = try forge(&bobChannel)
        pair.take(pair.ada.receive(wire, now: pair.now), from: .ada)
        return pair
    }

    @Test("a card the carrier changed is refused with the card's own sentence, and the session goes on")
    func tamperedCard() throws {
        var tampered = Self.carolNew.bytes
        tampered[tampered.count - 1] ^= 0x01
        let pair = try Self.forged { channel in
            try channel.seal(type: MessageType.carriedCard.rawValue, payload: SessionMessage.carriedCard(tampered).payload)
                + channel.seal(type: MessageType.carryEnd.rawValue, payload: SessionMessage.carryEnd.payload)
        }
        let refusals = (pair.eventsAt[.ada] ?? []).compactMap { if case .carriedCardRefused(let reason) = $0 { reason } else { nil } }
        #expect(refusals == ["A common friend's card the other device carried was refused: This card was changed after it was signed."])
        #expect(pair.ada.state.success != nil)
    }

    @Test("a genuine card of someone not asked about, or one not newer, is refused", arguments: [
        (SessionPair.bobCard, CarrySentences.notAsked, true),
        (CardCarryTests.carolOld, CarrySentences.notNewer, false),
    ])
    func wrongCard(card: SignedCard, sentence: String, ends: Bool) throws {
        let pair = try Self.forged { channel in
            try channel.seal(type: MessageType.carriedCard.rawValue, payload: SessionMessage.carriedCard(card.bytes).payload)
        }
        #expect(pair.eventsAt[.ada]?.contains(.carriedCardRefused(sentence)) == true)
        if ends {
            guard case .completed? = pair.ada.state.ending else { Issue.record("\(pair.ada.state)"); return }
        } else {
            #expect(pair.ada.state.success != nil)
        }
    }

    /// Ada has Bob's acceptance and sends her versions (still in flight to Bob); she leaves before Bob's answer is back.
    static func leftBeforeTheAnswer() throws -> NearbyPair {
        var pair = Self.pair()
        try pair.request(.ada)
        pair.deliver()
        try pair.request(.bob)
        pair.take(pair.ada.receive(pair.toAda, now: pair.now), from: .ada)
        pair.toAda = []
        pair.take(pair.ada.close(now: pair.now), from: .ada)
        return pair
    }

    @Test("leaving waits for the cards owed: until their end arrives")
    func leavingWaitsForTheEnd() throws {
        var pair = try Self.leftBeforeTheAnswer()
        #expect(pair.ada.state.success != nil, "the close waits")
        #expect(pair.ada.nextDeadline == pair.now.monotonic + .seconds(5))
        pair.deliver()
        #expect(pair.eventsAt[.ada]?.contains(.carriedCard(Self.carolNew)) == true)
        guard case .completed? = pair.ada.state.ending, case .completed? = pair.bob.state.ending else {
            Issue.record("\(pair.ada.state) / \(pair.bob.state)"); return
        }
    }

    @Test("leaving waits for the cards owed: at most `carry`, then it closes as asked")
    func leavingWaitsAtMostTheCarryTime() throws {
        var pair = Self.pair()
        try Self.swap(&pair)
        // A close after everything came goes at once; so first a pair where Bob never gets Ada's versions.
        var lost = try Self.leftBeforeTheAnswer()
        lost.toBob = []
        lost.now = lost.now.advanced(by: .seconds(4))
        lost.take(lost.ada.tick(now: lost.now), from: .ada)
        #expect(lost.ada.state.success != nil)
        lost.now = lost.now.advanced(by: .seconds(1))
        lost.take(lost.ada.tick(now: lost.now), from: .ada)
        guard case .completed? = lost.ada.state.ending else { Issue.record("\(lost.ada.state)"); return }
        // Once Bob's end came, Ada's close does not wait.
        pair.take(pair.ada.close(now: pair.now), from: .ada)
        guard case .completed? = pair.ada.state.ending else { Issue.record("\(pair.ada.state)"); return }
    }

    @Test("leaving while our common friends are still being found waits for them, then for the cards they bring")
    func leavingWaitsForTheIntersection() throws {
        let friends = [Self.carol.sigKey, Self.dan.sigKey]
        var pair = Self.pair()
        // Ada as an app runs her: the intersection's work is done off the session, when the driver gets to it.
        pair.ada = NearbySession(
            channel: SecureChannel(role: .initiator, secret: nil), ownKey: SessionPair.ada.sigKey, trustedContacts: friends, terms: .standard,
            timeouts: SessionTimeouts(), now: pair.now, defersCommonFriends: true, commonFriendCards: Held(cards: [Self.carolOld, Self.danNew]))
        pair.bob = NearbySession(
            role: .responder, secret: nil, ownKey: SessionPair.bob.sigKey, trustedContacts: friends,
            commonFriendCards: Held(cards: [Self.carolNew, Self.danOld]), now: pair.now)
        pair.toAda = []; pair.toBob = []; pair.eventsAt = [:]
        pair.take(pair.ada.start(), from: .ada)
        pair.take(pair.bob.start(), from: .bob)
        pair.deliver()
        try Self.swap(&pair)
        #expect(pair.ada.session.commonFriends == .pending, "Ada's work has not run")
        pair.take(pair.ada.close(now: pair.now), from: .ada)
        #expect(pair.ada.state.success != nil, "the close waits for the common friends")
        while let work = pair.ada.takeCommonFriendsWork() {
            var running = work
            running.run()
            pair.take(pair.ada.finishCommonFriendsWork(running, now: pair.now), from: .ada)
            pair.deliver()
        }
        #expect(pair.eventsAt[.ada]?.contains(.carriedCard(Self.carolNew)) == true)
        #expect(pair.eventsAt[.bob]?.contains(.carriedCard(Self.danNew)) == true)
        guard case .completed? = pair.ada.state.ending, case .completed? = pair.bob.state.ending else {
            Issue.record("\(pair.ada.state) / \(pair.bob.state)"); return
        }
    }

    @Test("a list is read strictly: whole entries, sorted, no repeats, at most 256", arguments: [
        ([UInt8](), "its dates are not whole entries of 40 bytes"),
        ([UInt8](repeating: 1, count: 39), "its dates are not whole entries of 40 bytes"),
        (CardCarryTests.entry(dan) + CardCarryTests.entry(carol), "its friends are not in order, or one is listed twice"),
        (CardCarryTests.entry(carol) + CardCarryTests.entry(carol), "its friends are not in order, or one is listed twice"),
    ])
    func strictList(entries: [UInt8], reason: String) {
        let payload = CBOREncoder.encode(.map([CBORPair(.int(1), .bytes(entries))]))
        #expect(throws: MessageError.malformed(.cardVersions, reason)) { try SessionMessage.decode(type: 0x40, payload: payload) }
    }

    @Test("a list of more than 256 entries is refused by its size, before it is read")
    func tooLongAList() {
        let payload = CBOREncoder.encode(.map([CBORPair(.int(1), .bytes((0..<257).flatMap { _ in Self.entry(Self.carol) }))]))
        #expect(throws: MessageError.tooLarge(.cardVersions, bytes: payload.count, limit: 10_256)) { try SessionMessage.decode(type: 0x40, payload: payload) }
    }

    static func entry(_ identity: Identity, updatedAt: UInt64 = 1) -> [UInt8] {
        CardVersion(key: identity.sigKey, updatedAt: updatedAt).bytes
    }

    @Test("cbor2 reads the carry's messages canonically; cryptography verifies the carried card")
    func pythonReadsTheCarry() async throws {
        let versions = SessionMessage.cardVersions(CardVersion.sorted([
            CardVersion(key: Self.carol.sigKey, updatedAt: Self.carolOld.card.updatedAt),
            CardVersion(key: Self.dan.sigKey, updatedAt: Self.danNew.card.updatedAt),
        ]))
        #expect(try SessionMessage.decode(type: 0x40, payload: versions.payload) == versions)
        let result = try await python.run("nearby_messages.py", [
            "handshake_hash": String(repeating: "00", count: 32),
            "messages": [
                ["from": "initiator", "type": 0x40, "payload": versions.payload.hex],
                ["from": "responder", "type": 0x41, "payload": SessionMessage.carriedCard(Self.carolNew.bytes).payload.hex],
                ["from": "responder", "type": 0x42, "payload": SessionMessage.carryEnd.payload.hex],
            ],
        ])
        #expect(result["checked"] as? Int == 3)
        let listed = try #require((result["versions"] as? [[[Any]]])?.first)
        let expected = CardVersion.sorted([Self.carol, Self.dan].map { CardVersion(key: $0.sigKey, updatedAt: 0) }).map(\.key.rawRepresentation.hex)
        #expect(listed.compactMap { $0.first as? String } == expected)
        let carried = try #require((result["carried"] as? [[Any]])?.first)
        #expect(carried.first as? String == Self.carol.sigKey.rawRepresentation.hex)
        #expect((carried.last as? NSNumber)?.uint64Value == Self.carolNew.card.updatedAt)
    }
}
