import Foundation
import HandshakeCore
import HandshakeExchange
import HandshakeNearby
import HandshakeTestSupport
import Testing

/// HandshakeNearby as an app uses it, through the public API only: two ``LinkTransport``s wired packet to
/// packet as two phones' GATT characteristic would be, each the connection of an ``ExchangeSession``. The
/// code between the `article:` marks is the Getting Started article of HandshakeNearby's documentation,
/// word for word (a test below checks it).
@MainActor
@Suite("Getting started in an app: HandshakeNearby", .timeLimit(.minutes(1)), .tags(.runsAlone))
struct NearbyGettingStartedTests {
    @Test("a whole exchange over two Bluetooth LE links")
    func gettingStarted() async throws {
        // article:begin
        // Ada and Bob, each with the card their sharing profile issues.
        func person(_ name: String) throws -> (Identity, SignedCard) {
            let identity = Identity.generate()
            var profile = CardProfile(identity: identity, now: Date())
            try profile.edit(now: Date()) { $0.name = name }
            return (identity, try profile.issueCard(identity: identity))
        }
        let (ada, adaCard) = try person("Ada Lovelace")
        let (bob, bobCard) = try person("Bob Babbage")

        // The radio: each link writes packets (one GATT write or notification each, at most MTU − 3 bytes)...
        let (fromAda, adaWrites) = AsyncStream.makeStream(of: [UInt8].self)
        let (fromBob, bobWrites) = AsyncStream.makeStream(of: [UInt8].self)
        let adaLink = try LinkTransport(configuration: .init(mtu: 185)) { packet in adaWrites.yield(packet) }
        let bobLink = try LinkTransport(configuration: .init(mtu: 185)) { packet in bobWrites.yield(packet) }
        // ...and the other phone's Bluetooth callback hands each one to its link.
        let radio = [
            Task { for await packet in fromAda { await bobLink.receive(packet: packet) } },
            Task { for await packet in fromBob { await adaLink.receive(packet: packet) } },
        ]

        // Each link is the connection of an exchange session; the rest is HandshakeExchange's.
        let adaSession = ExchangeSession(role: .initiator, secret: nil, identity: ada, card: adaCard, transport: adaLink, gate: AlwaysConfirm())
        let bobSession = ExchangeSession(role: .responder, secret: nil, identity: bob, card: bobCard, transport: bobLink, gate: AlwaysConfirm())
        let running = [Task { await adaSession.run() }, Task { await bobSession.run() }]
        func screen(_ session: ExchangeSession, where wanted: (SessionState) -> Bool) async -> SessionState? {
            for await state in session.stateUpdates() where wanted(state) { return state }
            return nil
        }

        // Ada asks, Bob accepts: the cards cross the link both ways, in order, whatever the packet size.
        _ = await screen(adaSession, where: { $0.actions.contains(.request) })
        try await adaSession.exchange()
        _ = await screen(bobSession, where: { $0.actions.contains(.accept) })
        try await bobSession.exchange()
        guard case .succeeded(let adaHas)? = await screen(adaSession, where: { $0.actions.contains(.sendNote) })
        else { Issue.record("no swap: \(adaSession.state)"); return }
        #expect(adaHas.theirCard == bobCard)

        // Ada leaves; each link delivers everything before its session ends. Then the phones disconnect.
        adaSession.close()
        for run in running { await run.value }
        adaWrites.finish()
        bobWrites.finish()
        for task in radio { await task.value }
        guard case .ended(.completed(let record)) = bobSession.state else { Issue.record("\(bobSession.state)"); return }
        #expect(record.ourBinding != nil && record.theirBinding != nil)
        // article:end
    }

    @Test("the Getting Started article shows exactly the code this suite runs")
    func articleMatchesTheTest() throws {
        #expect(try ArticleCode.inArticle("Sources/HandshakeNearby/HandshakeNearby.docc/GettingStarted.md") == ArticleCode.inTest())
    }
}
