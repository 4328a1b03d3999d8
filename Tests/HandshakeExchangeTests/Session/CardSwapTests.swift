import Foundation
import HandshakeCore
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// Cards crossing a session: bound to it, refused anywhere else, and nothing kept from a session that failed.
@Suite("Card swap: session binding, replay, reflection, tampering")
struct CardSwapTests {
    @Test("a card and binding recorded in one session are refused in another")
    func replayIntoAnotherSession() throws {
        let recorded = SessionPair()
        let replayedOffer = recorded.offer(.ada)
        var later = SessionPair()
        #expect(later.handshakeHash != recorded.handshakeHash)
        later.take(later.bob.receive(.request(replayedOffer, kind: .exchange), now: later.now), from: .bob)
        #expect(later.bob.state.ending == .failed(CardSwapError.notBoundToThisSession.description))
        #expect(later.bobOutputs.contains(.disconnect))
    }

    @Test("the binding is for one role: the initiator's binding cannot be presented by the responder")
    func roleIsBound() throws {
        var pair = SessionPair()
        // Ada's genuine offer, but signed as if she were the responder.
        let wrongRole = SessionBinding.offer(card: SessionPair.adaCard, identity: SessionPair.ada, handshakeHash: pair.handshakeHash, ownRole: .responder)
        pair.take(pair.bob.receive(.request(wrongRole, kind: .exchange), now: pair.now), from: .bob)
        #expect(pair.bob.state.ending == .failed(CardSwapError.notBoundToThisSession.description))
    }

    @Test("our own card reflected back is refused")
    func reflection() throws {
        var pair = SessionPair()
        // Bob (responder) receives his own card bound as if by the initiator: only a peer holding Bob's key
        // could make that, but the check does not depend on it.
        let reflected = SessionBinding.offer(card: SessionPair.bobCard, identity: SessionPair.bob, handshakeHash: pair.handshakeHash, ownRole: .initiator)
        pair.take(pair.bob.receive(.request(reflected, kind: .exchange), now: pair.now), from: .bob)
        #expect(pair.bob.state.ending == .failed(CardSwapError.ownCard.description))
    }

    @Test("a binding moved onto another card of the same person is refused")
    func bindingMovedToAnotherCard() throws {
        var pair = SessionPair()
        let genuine = pair.offer(.ada)
        var older = CardProfile(identity: SessionPair.ada, now: SessionPair.start.wall.addingTimeInterval(-3600))
        try older.edit(now: SessionPair.start.wall.addingTimeInterval(-3600)) { $0.name = "Ada (old card)" }
        let moved = CardOffer(cardBytes: try older.issueCard(identity: SessionPair.ada).bytes, binding: genuine.binding)
        pair.take(pair.bob.receive(.request(moved, kind: .exchange), now: pair.now), from: .bob)
        #expect(pair.bob.state.ending == .failed(CardSwapError.notBoundToThisSession.description))
    }

    @Test("every single bit flipped in the card is refused, and the session keeps nothing", arguments: [0, 1, 7, 40, 100])
    func tamperedCard(bit: Int) throws {
        var pair = SessionPair()
        let genuine = pair.offer(.ada)
        var bytes = genuine.cardBytes
        let index = (bit * 37) % bytes.count
        bytes[index] ^= UInt8(1 << (bit % 8))
        pair.take(pair.bob.receive(.request(CardOffer(cardBytes: bytes, binding: genuine.binding), kind: .exchange), now: pair.now), from: .bob)
        guard case .failed(let reason)? = pair.bob.state.ending else { Issue.record("\(pair.bob.state)"); return }
        #expect(reason.hasPrefix("The other device's card was") || reason.contains("not signed for this exchange"))
    }

    @Test("a message that makes no sense now ends the session with a sentence")
    func outOfPlace() throws {
        var pair = SessionPair()
        pair.take(pair.ada.receive(.accept(pair.offer(.bob)), now: pair.now), from: .ada)
        #expect(pair.ada.state.ending == .failed("The other device sent an acceptance that makes no sense at this point of the exchange."))
        var early = PeerSession(role: .initiator, ownKey: SessionPair.ada.sigKey, now: SessionPair.start)
        _ = early.receive(.decline, now: SessionPair.start)
        #expect(early.state.ending == .failed("The other device sent a refusal before the secure channel was set up."))
    }
}
