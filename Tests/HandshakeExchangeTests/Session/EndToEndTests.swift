import Foundation
import HandshakeCore
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// Two whole sessions (Noise channel, records, messages, intent, card swap) joined byte for byte, as a
/// transport would join them. Counts flights: a flight is everything one side sends before it must wait for
/// the other, so two flights make one round trip.
struct NearbyPair {
    var ada: NearbySession
    var bob: NearbySession
    var now = SessionPair.start
    var toAda: [UInt8] = [], toBob: [UInt8] = []
    var flights = 0
    var bytesFromAda = 0, bytesFromBob = 0
    var events: [SessionEvent] = []
    /// The events of each side, in order.
    var eventsAt: [SessionPair.Side: [SessionEvent]] = [:]

    init(secret: SessionSecret? = nil) {
        ada = NearbySession(role: .initiator, secret: secret, ownKey: SessionPair.ada.sigKey, now: SessionPair.start)
        bob = NearbySession(role: .responder, secret: secret, ownKey: SessionPair.bob.sigKey, now: SessionPair.start)
        take(ada.start(), from: .ada)
        take(bob.start(), from: .bob)
    }

    mutating func take(_ output: NearbyOutput, from side: SessionPair.Side) {
        if side == .ada { toBob += output.bytes; bytesFromAda += output.bytes.count } else { toAda += output.bytes; bytesFromBob += output.bytes.count }
        events += output.events
        eventsAt[side, default: []] += output.events
    }

    /// Delivers everything in flight, one direction at a time, until both sides are quiet.
    mutating func deliver() {
        while !toAda.isEmpty || !toBob.isEmpty {
            if !toBob.isEmpty {
                let bytes = toBob; toBob = []; flights += 1
                take(bob.receive(bytes, now: now), from: .bob)
            }
            if !toAda.isEmpty {
                let bytes = toAda; toAda = []; flights += 1
                take(ada.receive(bytes, now: now), from: .ada)
            }
        }
    }

    func offer(_ side: SessionPair.Side) throws -> CardOffer {
        let session = side == .ada ? ada.session : bob.session
        let hash = try #require(session.handshakeHash)
        return side == .ada
            ? SessionBinding.offer(card: SessionPair.adaCard, identity: SessionPair.ada, handshakeHash: hash, ownRole: .initiator)
            : SessionBinding.offer(card: SessionPair.bobCard, identity: SessionPair.bob, handshakeHash: hash, ownRole: .responder)
    }

    mutating func request(_ side: SessionPair.Side) throws {
        let offer = try offer(side)
        let now = now
        if side == .ada { take(try ada.perform { session throws(SessionActionError) in try session.request(offer, now: now) }, from: .ada) }
        else { take(try bob.perform { session throws(SessionActionError) in try session.request(offer, now: now) }, from: .bob) }
    }
}

@Suite("A whole nearby exchange over the secure channel")
struct EndToEndTests {
    @Test("compare-code mode: both screens show the same 6-digit code, then both cards arrive verified", arguments: [false, true])
    func wholeExchange(withSecret: Bool) throws {
        var pair = NearbyPair(secret: withSecret ? SessionSecret(bytes: Array(repeating: 7, count: 32)) : nil)
        pair.deliver()
        guard case .confirm(let adaScreen) = pair.ada.state, case .confirm(let bobScreen) = pair.bob.state else {
            Issue.record("not on the confirm screen: \(pair.ada.state) / \(pair.bob.state)"); return
        }
        if withSecret {
            #expect(adaScreen.shortCode == nil && bobScreen.shortCode == nil)
        } else {
            #expect(adaScreen.shortCode?.count == 6 && adaScreen.shortCode == bobScreen.shortCode)
        }
        // Both choose each other: after the channel opens, the cards cross in one flight each way.
        let flightsToOpen = pair.flights
        try pair.request(.ada)
        try pair.request(.bob)
        pair.deliver()
        #expect(pair.flights - flightsToOpen == 2)
        let ada = try #require(pair.ada.state.success), bob = try #require(pair.bob.state.success)
        #expect(ada.theirCard == SessionPair.bobCard && bob.theirCard == SessionPair.adaCard)
        #expect(ada.record.source == (withSecret ? .sessionSecret : .comparedCode))
        #expect(ada.record.handshakeHash == bob.record.handshakeHash)
    }

    @Test("mutual path: both cards verified within 2 round trips of the first byte (1.5 with a session secret)", arguments: [false, true])
    func roundTrips(withSecret: Bool) throws {
        // Both people chose before the channel opened (the app keeps the choice): each side sends its card
        // the moment its channel is open, in the same flight as its last handshake message; Ada's channel
        // opens with Bob's request already in, so her choice is an acceptance.
        var pair = NearbyPair(secret: withSecret ? SessionSecret(bytes: Array(repeating: 7, count: 32)) : nil)
        var requested: Set<String> = []
        var swappedAtFlight: Int?
        while !pair.toAda.isEmpty || !pair.toBob.isEmpty {
            if !pair.toBob.isEmpty {
                let bytes = pair.toBob; pair.toBob = []; pair.flights += 1
                pair.take(pair.bob.receive(bytes, now: pair.now), from: .bob)
                if pair.bob.state.actions.contains(.request) || pair.bob.state.incoming != nil, requested.insert("bob").inserted { try pair.request(.bob) }
                if swappedAtFlight == nil, pair.ada.state.success != nil, pair.bob.state.success != nil { swappedAtFlight = pair.flights }
            }
            if !pair.toAda.isEmpty {
                let bytes = pair.toAda; pair.toAda = []; pair.flights += 1
                pair.take(pair.ada.receive(bytes, now: pair.now), from: .ada)
                if pair.ada.state.actions.contains(.request) || pair.ada.state.incoming != nil, requested.insert("ada").inserted { try pair.request(.ada) }
                if swappedAtFlight == nil, pair.ada.state.success != nil, pair.bob.state.success != nil { swappedAtFlight = pair.flights }
            }
        }
        #expect(pair.ada.state.success != nil && pair.bob.state.success != nil)
        // Compare-code: commit R→I, message 1 I→R, message 2 + Bob's card R→I, Ada's card I→R: 4 flights.
        // Session secret: message 1 I→R, message 2 + Bob's card R→I, Ada's card I→R: 3 flights.
        // (One more flight carries Bob's common-friends reply; the cards do not wait for it.)
        #expect(swappedAtFlight == (withSecret ? 3 : 4))
        #expect(pair.flights == (withSecret ? 4 : 5))
        // Two cards of a name each, both bindings, and the common-friends messages at the smallest bucket
        // (16 entries: 514 bytes for the set and for the reply).
        #expect(pair.bytesFromAda < 2_000 && pair.bytesFromBob < 2_000)
    }

    @Test("a relay between two devices sharing a session secret cannot finish the channel")
    func relayWithSecret() {
        let secret = SessionSecret(bytes: Array(repeating: 9, count: 32))
        // Mallory answers Ada as a responder and calls Bob as an initiator, with her own guess at the secret.
        let guess = SessionSecret(bytes: Array(repeating: 1, count: 32))
        var ada = NearbySession(role: .initiator, secret: secret, ownKey: SessionPair.ada.sigKey, now: SessionPair.start)
        var mallory = NearbySession(role: .responder, secret: guess, ownKey: Identity.generate().sigKey, now: SessionPair.start)
        let first = ada.start()
        let answer = mallory.receive(first.bytes, now: SessionPair.start)
        #expect(answer.disconnect)
        #expect(mallory.state.ending == .failed(ChannelError.handshakeFailed.description))
    }

    @Test("a bit flipped on the wire after the channel is open ends both the channel and the session")
    func tamperedRecord() throws {
        var pair = NearbyPair()
        pair.deliver()
        try pair.request(.ada)
        var wire = pair.toBob
        pair.toBob = []
        wire[wire.count - 3] ^= 0x01
        let output = pair.bob.receive(wire, now: pair.now)
        #expect(output.disconnect)
        guard case .failed(let reason)? = pair.bob.state.ending else { Issue.record("\(pair.bob.state)"); return }
        #expect(reason == ChannelError.decryptionFailed.description)
    }

    @Test("the connection dropping mid-request ends the session with a sentence; after success it completes")
    func connectionLost() throws {
        var pair = NearbyPair()
        pair.deliver()
        try pair.request(.ada)
        _ = pair.ada.connectionLost()
        #expect(pair.ada.state.ending == .failed("The connection to the other device was lost."))

        var done = NearbyPair()
        done.deliver()
        try done.request(.ada)
        try done.request(.bob)
        done.deliver()
        _ = done.bob.connectionLost()
        guard case .completed? = done.bob.state.ending else { Issue.record("\(done.bob.state)"); return }
    }
}

@Suite("Common friends inside a session")
struct SessionCommonFriendsTests {
    @Test("both sides learn the friends they have in common, before anyone chooses")
    func commonFriendsOnTheConfirmScreen() throws {
        let friends = (0..<6).map { Identity(seed: IdentitySeed(bytes: Array(repeating: UInt8(0x10 + $0), count: 32))!).sigKey }
        var pair = NearbyPair()
        pair.ada = NearbySession(role: .initiator, secret: nil, ownKey: SessionPair.ada.sigKey, trustedContacts: Array(friends[0..<4]), now: SessionPair.start)
        pair.bob = NearbySession(role: .responder, secret: nil, ownKey: SessionPair.bob.sigKey, trustedContacts: Array(friends[2..<6]), now: SessionPair.start)
        pair.toAda = []; pair.toBob = []
        pair.take(pair.ada.start(), from: .ada)
        pair.take(pair.bob.start(), from: .bob)
        pair.deliver()
        guard case .confirm(let adaScreen) = pair.ada.state, case .confirm(let bobScreen) = pair.bob.state else {
            Issue.record("\(pair.ada.state) / \(pair.bob.state)"); return
        }
        #expect(Set(adaScreen.commonFriends.keys) == Set(friends[2..<4]))
        #expect(Set(bobScreen.commonFriends.keys) == Set(friends[2..<4]))
        try pair.request(.ada)
        try pair.request(.bob)
        pair.deliver()
        #expect(Set(try #require(pair.ada.state.success).record.commonFriends) == Set(friends[2..<4]))
    }

    @Test("a malformed common-friends message ends the session with its sentence")
    func badSet() throws {
        var pair = NearbyPair()
        pair.deliver()
        var adaChannel = pair.ada.channel
        let wire = try adaChannel.seal(type: MessageType.commonFriendsSet.rawValue, payload: [0, 3] + Array(repeating: 1, count: 96))
        // The channel above already sent Ada's real set; a second one is refused by the PSI.
        let output = pair.bob.receive(wire, now: pair.now)
        #expect(output.disconnect)
        guard case .failed = pair.bob.state.ending else { Issue.record("\(pair.bob.state)"); return }
    }
}
