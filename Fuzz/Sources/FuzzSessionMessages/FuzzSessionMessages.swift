// libFuzzer target: the messages of a nearby session (the type byte, then the payload) as the other device
// could send them, read by the message decoder and then fed to a session on each of its screens.
// Invariants: nothing traps; a message that decodes encodes back to a payload that decodes to the same
// message; whatever a session receives leaves it on a screen (never half-changed), and a session that ends
// on a bad message asks for the connection to be dropped. The same bytes are also sealed into a session after
// the swap, with its carry under way, and read there by the whole session (AfterTheSwap.swift).
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange

let ada = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xA1, count: 32))!)
let bob = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xB0, count: 32))!)
let start = SessionInstant(monotonic: .seconds(1000), wall: Date(timeIntervalSince1970: 1_800_000_000))
let hash = [UInt8](repeating: 0x5A, count: 32)
let bobCard = try! CardProfile(identity: bob, now: start.wall.addingTimeInterval(-60)).issueCard(identity: bob)
let adaCard = try! CardProfile(identity: ada, now: start.wall.addingTimeInterval(-60)).issueCard(identity: ada)
let adaOffer = SessionBinding.offer(card: adaCard, identity: ada, handshakeHash: hash, ownRole: .initiator)
let bobOffer = SessionBinding.offer(card: bobCard, identity: bob, handshakeHash: hash, ownRole: .responder)

/// Bob's session (the responder) on each screen a message can reach.
let sessions: [PeerSession] = {
    var confirm = PeerSession(role: .responder, ownKey: bob.sigKey, now: start)
    _ = confirm.channelEstablished(handshakeHash: hash, shortCode: "123456", now: start)
    var waiting = confirm
    _ = try? waiting.request(bobOffer, now: start)
    var incoming = confirm
    _ = incoming.receive(.request(adaOffer, kind: .exchange), now: start)
    var succeeded = incoming
    _ = try? succeeded.accept(bobOffer, now: start)
    return [PeerSession(role: .responder, ownKey: bob.sigKey, now: start), confirm, waiting, incoming, succeeded]
}()

public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    fuzzAfterTheSwap(bytes)
    guard let type = bytes.first else { return 0 }
    guard let message = try? SessionMessage.decode(type: type, payload: Array(bytes.dropFirst())) else { return 0 }
    guard let again = try? SessionMessage.decode(type: message.type.rawValue, payload: message.payload), again == message else {
        fatalError("\(message) does not survive encoding")
    }
    for session in sessions {
        var session = session
        let outputs = session.receive(message, now: .init(monotonic: .seconds(1001), wall: Date(timeIntervalSince1970: 1_800_000_001)))
        if case .ended(.failed) = session.state, !outputs.contains(.disconnect) {
            fatalError("a session failed on \(message) without dropping the connection")
        }
    }
    return 0
}
