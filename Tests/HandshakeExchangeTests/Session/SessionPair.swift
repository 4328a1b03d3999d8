import Foundation
import HandshakeCore
import HandshakeTestSupport

@_spi(Wire) @testable import HandshakeExchange

/// Two people's sessions wired back to back, with one clock. Messages cross as bytes (encoded, then
/// decoded by type), so the codecs are exercised on every step; `deliver()` runs until both sides are quiet.
/// The channel itself is not here (the handshake hash is given): these tests are about intent, cards and
/// notes; the channel has its own tests, and the end-to-end tests run both together.
struct SessionPair {
    enum Side { case ada, bob }

    static let ada = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xA1, count: 32))!)
    static let bob = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xB0, count: 32))!)
    static let start = SessionInstant(monotonic: .seconds(1000), wall: Date(timeIntervalSince1970: 1_800_000_000))

    var ada: PeerSession
    var bob: PeerSession
    var now = SessionPair.start
    var handshakeHash: [UInt8]
    var toAda: [[UInt8]] = [], toBob: [[UInt8]] = []
    var adaOutputs: [SessionOutput] = [], bobOutputs: [SessionOutput] = []

    init(handshakeHash: [UInt8] = (0..<32).map { _ in UInt8.random(in: 0...255) }, shortCode: String? = "123456") {
        self.handshakeHash = handshakeHash
        ada = PeerSession(role: .initiator, ownKey: Self.ada.sigKey, now: SessionPair.start)
        bob = PeerSession(role: .responder, ownKey: Self.bob.sigKey, now: SessionPair.start)
        _ = ada.channelEstablished(handshakeHash: handshakeHash, shortCode: shortCode, now: now)
        _ = bob.channelEstablished(handshakeHash: handshakeHash, shortCode: shortCode, now: now)
    }

    static func card(_ identity: Identity, name: String) -> SignedCard {
        Fixture.madeCard(by: identity, at: start.wall.addingTimeInterval(-60)) { $0.name = name }
    }

    static let adaCard = card(ada, name: "Ada Lovelace")
    static let bobCard = card(bob, name: "Bob Babbage")

    func offer(_ side: Side) -> CardOffer {
        switch side {
        case .ada: return SessionBinding.offer(card: Self.adaCard, identity: Self.ada, handshakeHash: handshakeHash, ownRole: .initiator)
        case .bob: return SessionBinding.offer(card: Self.bobCard, identity: Self.bob, handshakeHash: handshakeHash, ownRole: .responder)
        }
    }

    /// Records what one side's call produced and queues its messages, as bytes, for the other side.
    mutating func take(_ outputs: [SessionOutput], from side: Side) {
        for output in outputs {
            if case .send(let message) = output {
                let wire = [message.type.rawValue] + message.payload
                if side == .ada { toBob.append(wire) } else { toAda.append(wire) }
            }
        }
        if side == .ada { adaOutputs += outputs } else { bobOutputs += outputs }
    }

    mutating func act(_ side: Side, _ action: (inout PeerSession, SessionInstant) throws -> [SessionOutput]) rethrows {
        let outputs = side == .ada ? try action(&ada, now) : try action(&bob, now)
        take(outputs, from: side)
    }

    mutating func request(_ side: Side, kind: RequestKind = .exchange) throws {
        let offer = offer(side)
        try act(side) { try $0.request(offer, kind: kind, now: $1) }
    }

    mutating func accept(_ side: Side, withCard: Bool = true) throws {
        let offer = withCard ? offer(side) : nil
        try act(side) { try $0.accept(offer, now: $1) }
    }

    /// Delivers queued messages both ways until none are left.
    mutating func deliver() throws {
        while !toAda.isEmpty || !toBob.isEmpty {
            if !toBob.isEmpty {
                let wire = toBob.removeFirst()
                let message = try SessionMessage.decode(type: wire[0], payload: Array(wire.dropFirst()))
                take(bob.receive(message, now: now), from: .bob)
            }
            if !toAda.isEmpty {
                let wire = toAda.removeFirst()
                let message = try SessionMessage.decode(type: wire[0], payload: Array(wire.dropFirst()))
                take(ada.receive(message, now: now), from: .ada)
            }
        }
    }

    /// Moves the clock on and lets both sides expire what ran out.
    mutating func advance(_ duration: Duration) {
        now = now.advanced(by: duration)
        take(ada.tick(now: now), from: .ada)
        take(bob.tick(now: now), from: .bob)
    }
}

extension SessionState {
    var ending: SessionEnding? {
        if case .ended(let ending) = self { return ending }
        return nil
    }

    var success: SuccessScreen? {
        if case .succeeded(let screen) = self { return screen }
        return nil
    }

    var isWaiting: Bool {
        if case .waiting = self { return true }
        return false
    }

    var incoming: IncomingRequestScreen? {
        if case .incomingRequest(let screen) = self { return screen }
        return nil
    }
}
