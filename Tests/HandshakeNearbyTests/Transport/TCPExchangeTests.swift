import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeNearby

/// A whole exchange between two sessions over real TCP connections on loopback.
@MainActor
@Suite("Nearby exchange over TCP", .timeLimit(.minutes(1)))
struct TCPExchangeTests {
    static let ada = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xA1, count: 32))!)
    static let bob = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xB0, count: 32))!)

    static func card(_ identity: Identity, _ name: String) throws -> SignedCard {
        try Fixture.namedCard(name, by: identity)
    }

    /// Waits for a state on the session's own updates (never on wall-clock time).
    static func reach(_ session: ExchangeSession, _ matches: (SessionState) -> Bool) async -> SessionState? {
        for await state in session.stateUpdates() where matches(state) { return state }
        return matches(session.state) ? session.state : nil
    }

    @Test("Ada connects to Bob's listener; both end with the other's verified card and the same short code")
    func exchangeOverTCP() async throws {
        let listener = try await NearbyListener.bind(host: "127.0.0.1")
        let adaCard = try Self.card(Self.ada, "Ada Lovelace"), bobCard = try Self.card(Self.bob, "Bob Babbage")
        let (bobSessions, bobArrived) = AsyncStream.makeStream(of: ExchangeSession.self)
        let serving = Task {
            try await listener.serve { transport in
                let session = await ExchangeSession(role: .responder, secret: nil, identity: Self.bob, card: bobCard, transport: transport, gate: AlwaysConfirm())
                bobArrived.yield(session)
                await session.run()
            }
        }
        let (adaSessions, adaArrived) = AsyncStream.makeStream(of: ExchangeSession.self)
        let connecting = Task {
            try await NearbyTCP.connect(host: "127.0.0.1", port: listener.port) { transport in
                let session = await ExchangeSession(role: .initiator, secret: nil, identity: Self.ada, card: adaCard, transport: transport, gate: AlwaysConfirm())
                adaArrived.yield(session)
                await session.run()
            }
        }
        var adaIterator = adaSessions.makeAsyncIterator(), bobIterator = bobSessions.makeAsyncIterator()
        let ada = try #require(await adaIterator.next()), bob = try #require(await bobIterator.next())

        guard case .confirm(let adaScreen)? = await Self.reach(ada, { $0.actions.contains(.request) }),
              case .confirm(let bobScreen)? = await Self.reach(bob, { $0.actions.contains(.request) }) else {
            Issue.record("no confirm screen: \(ada.state) / \(bob.state)"); return
        }
        #expect(adaScreen.shortCode != nil && adaScreen.shortCode == bobScreen.shortCode)
        try await ada.exchange()
        _ = await Self.reach(bob) { if case .incomingRequest = $0 { true } else { false } }
        try await bob.exchange()
        let adaSuccess = await Self.reach(ada) { if case .succeeded = $0 { true } else { false } }
        guard case .succeeded(let screen)? = adaSuccess else { Issue.record("\(ada.state)"); return }
        #expect(screen.theirCard == bobCard)
        ada.close()
        try await connecting.value
        _ = await Self.reach(bob) { if case .ended = $0 { true } else { false } }
        guard case .ended(.completed)? = bob.state as SessionState? else { Issue.record("\(bob.state)"); return }
        serving.cancel()
    }

    @Test("a device that is not there: a sentence, not a hang")
    func nobodyListening() async throws {
        // A port held without listening: nothing answers there, and no other suite's listener can take it.
        let nobody = try RefusingPort()
        await #expect(throws: NearbyTransportError.self) {
            try await NearbyTCP.connect(host: "127.0.0.1", port: nobody.port) { _ in }
        }
        withExtendedLifetime(nobody) {}
    }
}
