import Foundation
import HandshakeCore
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// A session's common-friends terms (docs/protocols/nearby-common-friends.md, "A known leak"): a session in
/// the list of people nearby withholds the intersection until it is allowed, and refuses a set larger than
/// 256 entries, so a prober learns nothing it was not allowed to, and at most 256 candidates when it was.
@Suite("Common friends on a session's terms")
struct CommonFriendsTermsTests {
    static let friends = (0..<6).map { Identity(seed: IdentitySeed(bytes: Array(repeating: UInt8(0x10 + $0), count: 32))!).sigKey }
    static let listTerms = CommonFriendsTerms(start: .whenAllowed, largestBucket: 256)

    /// Ada on `adaTerms` with friends 0–3, Bob (the other device) on the standard terms with `bobKeys`.
    static func pair(adaTerms: CommonFriendsTerms, bobKeys: [SigningPublicKey]) -> NearbyPair {
        var pair = NearbyPair()
        pair.ada = NearbySession(
            role: .initiator, secret: nil, ownKey: SessionPair.ada.sigKey, trustedContacts: Array(friends[0..<4]), commonFriends: adaTerms,
            now: SessionPair.start)
        pair.bob = NearbySession(role: .responder, secret: nil, ownKey: SessionPair.bob.sigKey, trustedContacts: bobKeys, now: SessionPair.start)
        (pair.toAda, pair.toBob) = ([], [])
        pair.take(pair.ada.start(), from: .ada)
        pair.take(pair.bob.start(), from: .bob)
        return pair
    }

    /// Keys made up by a prober: `count` of them, with Ada's friends 2 and 3 among them.
    static func probe(_ count: Int) -> [SigningPublicKey] {
        [friends[2], friends[3]] + (0..<(count - 2)).map { _ in Identity(seed: IdentitySeed.generate()).sigKey }
    }

    @Test("withheld: nothing of the intersection is answered until it is allowed, then both sides find their common friends")
    func withheldUntilAllowed() throws {
        var pair = Self.pair(adaTerms: Self.listTerms, bobKeys: Array(Self.friends[2..<6]))
        pair.deliver()
        guard case .confirm(let adaScreen) = pair.ada.state, case .confirm(let bobScreen) = pair.bob.state else {
            Issue.record("\(pair.ada.state) / \(pair.bob.state)"); return
        }
        #expect(adaScreen.commonFriends == .pending)
        #expect(bobScreen.commonFriends == .pending, "Bob's set waits unanswered: he learns nothing")
        #expect(pair.ada.heldPeerSet != nil)

        pair.take(pair.ada.allowCommonFriends(now: pair.now), from: .ada)
        pair.deliver()
        guard case .confirm(let adaAfter) = pair.ada.state, case .confirm(let bobAfter) = pair.bob.state else {
            Issue.record("\(pair.ada.state) / \(pair.bob.state)"); return
        }
        #expect(Set(adaAfter.commonFriends.keys) == Set(Self.friends[2..<4]))
        #expect(Set(bobAfter.commonFriends.keys) == Set(Self.friends[2..<4]))
        #expect(pair.ada.allowCommonFriends(now: pair.now) == NearbyOutput(), "allowed once; a second time does nothing")
    }

    @Test("allowed before the channel opens: the intersection starts with it")
    func allowedEarly() throws {
        var pair = Self.pair(adaTerms: Self.listTerms, bobKeys: Array(Self.friends[2..<6]))
        pair.take(pair.ada.allowCommonFriends(now: pair.now), from: .ada)
        pair.deliver()
        guard case .confirm(let adaScreen) = pair.ada.state else { Issue.record("\(pair.ada.state)"); return }
        #expect(Set(adaScreen.commonFriends.keys) == Set(Self.friends[2..<4]))
    }

    @Test("a prober with 1,000 keys is refused by a session in the list, with a sentence, and gets no reply")
    func proberRefused() throws {
        var pair = Self.pair(adaTerms: Self.listTerms, bobKeys: Self.probe(1000))
        pair.take(pair.ada.allowCommonFriends(now: pair.now), from: .ada)
        pair.deliver()
        #expect(pair.ada.state.ending == .failed(CommonFriendsError.setTooLarge(count: 1024, limit: 256).description))
        #expect(pair.bob.session.commonFriends == .pending, "the prober never learned which of its keys Ada trusts")
        #expect(CommonFriendsError.setTooLarge(count: 1024, limit: 256).description
            == "The other device sent a list of 1024 contacts to compare; with someone found in the list of people nearby, at most 256 are compared.")
    }

    @Test("the same prober within the bound (200 keys) learns what 256 entries can: the bound is what stops it")
    func proberWithinBound() throws {
        var pair = Self.pair(adaTerms: Self.listTerms, bobKeys: Self.probe(200))
        pair.take(pair.ada.allowCommonFriends(now: pair.now), from: .ada)
        pair.deliver()
        guard case .confirm = pair.ada.state, case .confirm(let proberScreen) = pair.bob.state else {
            Issue.record("\(pair.ada.state) / \(pair.bob.state)"); return
        }
        #expect(Set(proberScreen.commonFriends.keys) == Set(Self.friends[2..<4]))
    }

    @Test("on the list's terms, at most 256 of our own contacts are compared: an honest peer with more is never refused")
    func ownSetCapped() throws {
        let many = Self.probe(600)
        var exchange = CommonFriendsExchange(contactKeys: many.map(\.rawRepresentation), sessionSalt: Array(repeating: 1, count: 32), largestBucket: 256)
        let set = exchange.setMessage()
        #expect(Int(set[0]) << 8 | Int(set[1]) == 256)
        var peer = CommonFriendsExchange(contactKeys: [], sessionSalt: Array(repeating: 1, count: 32), largestBucket: 256)
        _ = peer.setMessage()
        #expect(throws: Never.self) { try peer.reply(toPeerSet: set) }
    }
}
