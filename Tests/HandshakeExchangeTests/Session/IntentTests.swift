import Foundation
@_spi(Wire) import HandshakeCore
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// Every outcome of the intent, driven through both session machines with an injected clock: each side
/// ends on the right screen with the right sentence.
@Suite("Intent: request, accept, decline, cancel, expiry, crossing, one way")
struct IntentTests {
    @Test("request → accept: both hold both verified cards, bound to the same session")
    func requestThenAccept() throws {
        var pair = SessionPair()
        try pair.request(.ada)
        try pair.deliver()
        let incoming = try #require(pair.bob.state.incoming)
        #expect(incoming.theirCard.card.name == "Ada Lovelace")
        #expect(pair.bobOutputs.contains(.event(.incomingRequest(name: "Ada Lovelace"))))
        #expect(pair.bob.state.actions == [.accept, .decline])
        #expect(pair.ada.state.isWaiting)

        try pair.accept(.bob)
        try pair.deliver()
        let adaSide = try #require(pair.ada.state.success)
        let bobSide = try #require(pair.bob.state.success)
        #expect(adaSide.theirCard == SessionPair.bobCard)
        #expect(bobSide.theirCard == SessionPair.adaCard)
        // The exchange record: both bindings, the same session, and each binding verifies with its card's key.
        #expect(adaSide.record.ourBinding == bobSide.record.theirBinding && adaSide.record.theirBinding == bobSide.record.ourBinding)
        #expect(adaSide.record.handshakeHash == pair.handshakeHash && adaSide.record.source == .comparedCode)
        let proof = SessionBinding.message(handshakeHash: pair.handshakeHash, senderRole: .responder, cardBytes: SessionPair.bobCard.bytes)
        #expect(SessionPair.bob.sigKey.isValidSignature(try #require(adaSide.record.theirBinding), for: proof, purpose: .nearbySessionBinding))
    }

    @Test("both choose each other: straight to success, one message each way")
    func mutual() throws {
        var pair = SessionPair()
        try pair.request(.ada)
        try pair.request(.bob)
        #expect(pair.toAda.count == 1 && pair.toBob.count == 1)
        try pair.deliver()
        #expect(pair.ada.state.success?.theirCard == SessionPair.bobCard)
        #expect(pair.bob.state.success?.theirCard == SessionPair.adaCard)
        // No prompt on either side: crossed requests are never two incoming requests.
        #expect(!pair.adaOutputs.contains { if case .event(.incomingRequest) = $0 { true } else { false } })
        #expect(!pair.bobOutputs.contains { if case .event(.incomingRequest) = $0 { true } else { false } })
    }

    @Test("choosing someone whose request has arrived is accepting it")
    func choosingAfterTheirRequestAccepts() throws {
        var pair = SessionPair()
        try pair.request(.ada)
        try pair.deliver()
        try pair.request(.bob)
        try pair.deliver()
        #expect(pair.ada.state.success != nil && pair.bob.state.success != nil)
    }

    @Test("request → decline: the requester hears it")
    func decline() throws {
        var pair = SessionPair()
        try pair.request(.ada)
        try pair.deliver()
        try pair.act(.bob) { try $0.decline(now: $1) }
        try pair.deliver()
        #expect(pair.ada.state.ending == .declined)
        #expect(pair.bob.state.ending == .declinedByUs)
        #expect(pair.ada.state.ending?.description == "They declined. Nothing was exchanged.")
        #expect(pair.adaOutputs.last == .disconnect)
    }

    @Test("request → cancel: the other side's prompt goes away with a sentence")
    func cancel() throws {
        var pair = SessionPair()
        try pair.request(.ada)
        try pair.deliver()
        try pair.act(.ada) { try $0.cancel(now: $1) }
        try pair.deliver()
        #expect(pair.ada.state.ending == .cancelledByUs)
        #expect(pair.bob.state.ending == .cancelledByThem)
        #expect(pair.bobOutputs.contains(.event(.ended(.cancelledByThem))))
    }

    @Test("request → 60 s of silence: the requester times out and says so; the other side's prompt expires")
    func silence() throws {
        var pair = SessionPair()
        try pair.request(.ada)
        try pair.deliver()
        // One clock for one request: Bob's prompt counts down to the instant Ada's wait ends, not 5 s later.
        guard case .waiting(let waiting) = pair.ada.state else {
            Issue.record("Ada is not waiting: \(pair.ada.state)")
            return
        }
        #expect(pair.bob.state.incoming?.deadline == waiting.deadline)
        pair.advance(.seconds(59))
        #expect(pair.ada.state.isWaiting && pair.bob.state.incoming != nil)
        pair.advance(.seconds(1))
        #expect(pair.ada.state.ending == .noAnswer)
        try pair.deliver()
        #expect(pair.bob.state.ending == .requestExpired)
        #expect(pair.ada.nextDeadline == nil && pair.bob.nextDeadline == nil)
    }

    @Test("their request expires on our side too, even if their expiry never arrives")
    func expiryWithoutTheirCancel() throws {
        var pair = SessionPair()
        try pair.request(.ada)
        try pair.deliver()
        pair.toBob.removeAll()
        var bob = pair.bob
        let expiry = pair.now.advanced(by: .seconds(65))
        #expect(bob.tick(now: pair.now.advanced(by: .seconds(64))).isEmpty)
        #expect(bob.tick(now: expiry).contains(.event(.ended(.requestExpired))))
    }

    @Test("one way: Ada gives her card; Bob keeps it and gives none back")
    func oneWay() throws {
        var pair = SessionPair()
        try pair.request(.ada, kind: .give)
        try pair.deliver()
        #expect(pair.bob.state.incoming?.kind == .give)
        try pair.accept(.bob, withCard: false)
        try pair.deliver()
        let ada = try #require(pair.ada.state.success)
        let bob = try #require(pair.bob.state.success)
        #expect(ada.theirCard == nil && ada.ourCardSent)
        #expect(bob.theirCard == SessionPair.adaCard && !bob.ourCardSent)
        #expect(bob.record.ourBinding == nil && bob.record.theirBinding != nil)
    }

    @Test("accepting an exchange needs our card")
    func acceptNeedsACard() throws {
        var pair = SessionPair()
        try pair.request(.ada)
        try pair.deliver()
        #expect(throws: SessionActionError.cardRequired) { try pair.bob.accept(nil, now: pair.now) }
        #expect(throws: SessionActionError.notNow(.cancel)) { try pair.bob.cancel(now: pair.now) }
    }

    @Test("closing on each screen tells the other side")
    func closing() throws {
        var pair = SessionPair()
        pair.act(.ada) { $0.close(now: $1) }
        try pair.deliver()
        #expect(pair.ada.state.ending == .closed && pair.bob.state.ending == .theyLeft)

        // The person asked leaves before answering (their page closed, their run stopped): the requester hears
        // that they left, not that they declined.
        var asked = SessionPair()
        try asked.request(.ada)
        try asked.deliver()
        asked.act(.bob) { $0.close(now: $1) }
        try asked.deliver()
        #expect(asked.bob.state.ending == .closed && asked.ada.state.ending == .theyLeft, "\(asked.ada.state)")

        var swapped = SessionPair()
        try swapped.request(.ada)
        try swapped.request(.bob)
        try swapped.deliver()
        swapped.act(.bob) { $0.close(now: $1) }
        try swapped.deliver()
        guard case .completed(let record)? = swapped.ada.state.ending else { Issue.record("\(swapped.ada.state)"); return }
        #expect(record.theirBinding != nil)
    }

    @Test("a session that never connects, or sits idle, ends with a sentence")
    func timeouts() {
        var connecting = PeerSession(role: .initiator, ownKey: SessionPair.ada.sigKey, now: SessionPair.start)
        #expect(connecting.tick(now: SessionPair.start.advanced(by: .seconds(19))).isEmpty)
        _ = connecting.tick(now: SessionPair.start.advanced(by: .seconds(20)))
        #expect(connecting.state.ending == .failed("The other device did not finish connecting in time."))

        var pair = SessionPair()
        pair.advance(.seconds(300))
        #expect(pair.ada.state.ending == .idle && pair.bob.state.ending == .idle)
    }
}
