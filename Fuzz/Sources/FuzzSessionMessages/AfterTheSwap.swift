// The same fuzz input a second way: sealed into the channel of a session whose cards have crossed and whose
// carry is under way (docs/protocols/nearby.md §6a), as a dishonest peer would send it, and read by the whole
// sans-I/O session (channel, message decoder, carry, intent).
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange

/// Ada's session right after the swap with her card versions for Carol sent, and Bob's channel at that moment.
let carryUnderWay: (ada: NearbySession, bobChannel: SecureChannel) = {
    struct Held: CommonFriendCards {
        let card: SignedCard
        func newestCard(of key: SigningPublicKey) -> SignedCard? { card.card.sigKey == key ? card : nil }
    }
    let carol = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xC0, count: 32))!)
    let carolCard = try! CardProfile(identity: carol, now: start.wall.addingTimeInterval(-86_400)).issueCard(identity: carol)
    var adaSession = NearbySession(
        channel: SecureChannel(role: .initiator, secret: nil), ownKey: ada.sigKey, trustedContacts: [carol.sigKey],
        commonFriendCards: Held(card: carolCard), now: start)
    var bobSession = NearbySession(
        channel: SecureChannel(role: .responder, secret: nil), ownKey: bob.sigKey, trustedContacts: [carol.sigKey], now: start)
    var toBob = adaSession.start().bytes, toAda = bobSession.start().bytes
    while !toBob.isEmpty || !toAda.isEmpty {
        let (forBob, forAda) = (toBob, toAda)
        toBob = []
        toAda = []
        if !forBob.isEmpty { toAda += bobSession.receive(forBob, now: start).bytes }
        if !forAda.isEmpty { toBob += adaSession.receive(forAda, now: start).bytes }
    }
    let hash = adaSession.session.handshakeHash!
    let adaOffer = SessionBinding.offer(card: adaCard, identity: ada, handshakeHash: hash, ownRole: .initiator)
    let bobOffer = SessionBinding.offer(card: bobCard, identity: bob, handshakeHash: hash, ownRole: .responder)
    let request = try! adaSession.perform { session throws(SessionActionError) in try session.request(adaOffer, now: start) }
    _ = bobSession.receive(request.bytes, now: start)
    let acceptance = try! bobSession.perform { session throws(SessionActionError) in try session.request(bobOffer, now: start) }
    let bobChannel = bobSession.channel
    _ = adaSession.receive(acceptance.bytes, now: start)
    guard case .succeeded = adaSession.state else { fatalError("the fuzz target's session did not reach the swap: \(adaSession.state)") }
    return (adaSession, bobChannel)
}()

/// Reads `bytes` (a type byte, then a payload) as the message Bob's device sends Ada after the swap.
func fuzzAfterTheSwap(_ bytes: [UInt8]) {
    guard let type = bytes.first else { return }
    var (session, channel) = carryUnderWay
    guard let wire = try? channel.seal(type: type, payload: Array(bytes.dropFirst())) else { return }
    let output = session.receive(wire, now: start)
    if case .ended(.failed) = session.state, !output.disconnect {
        fatalError("the session failed after the swap on \(bytes.prefix(16)) without dropping the connection")
    }
}
