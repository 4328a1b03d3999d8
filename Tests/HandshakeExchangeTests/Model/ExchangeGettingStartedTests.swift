import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeTestSupport
import Testing

/// HandshakeExchange's session engine (wire tier) as its article shows it: two `ExchangeSession`s over an
/// in-memory connection, the short code compared, a request, an accept, a note, and the record the exchange
/// leaves. The code between the `article:` marks is the Getting Started article of HandshakeExchange's
/// documentation, word for word (a test below checks it).
@MainActor
// Alone, as the nearby articles: the sessions run on the device's clock with their real timeouts, which the
// heaviest part of the run (Python peers by the dozen) once made the handshake outlast.
@Suite("Getting started in an app: HandshakeExchange", .timeLimit(.minutes(1)), .tags(.runsAlone))
struct ExchangeGettingStartedTests {
    @Test("two sessions compare the code, swap cards both ways, send a note and end with a record")
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

        // The device that connected is the initiator. In an app the connection comes from HandshakeNearby
        // (TCP on the local network, a Bluetooth LE link); here it is an in-memory pipe.
        let (adaEnd, bobEnd) = PipeTransport.pair()
        let adaSession = ExchangeSession(role: .initiator, secret: nil, identity: ada, card: adaCard, transport: adaEnd, gate: AlwaysConfirm())
        let bobSession = ExchangeSession(role: .responder, secret: nil, identity: bob, card: bobCard, transport: bobEnd, gate: AlwaysConfirm())
        let bobsBanners = bobSession.events()
        let running = [Task { await adaSession.run() }, Task { await bobSession.run() }]

        // Each state is a screen. SwiftUI observes `state`; code can await the screen it wants.
        func screen(_ session: ExchangeSession, where wanted: (SessionState) -> Bool) async -> SessionState? {
            for await state in session.stateUpdates() where wanted(state) { return state }
            return nil
        }

        // Both confirm screens show the same 6 digits. The two people compare them; then Ada asks.
        guard case .confirm(let adasScreen)? = await screen(adaSession, where: { $0.actions.contains(.request) }),
            case .confirm(let bobsScreen)? = await screen(bobSession, where: { $0.actions.contains(.request) })
        else { Issue.record("no confirm screen"); return }
        #expect(adasScreen.shortCode == bobsScreen.shortCode)
        try await adaSession.exchange()

        // Bob sees Ada's card, already verified and bound to this session, and accepts: his goes back.
        guard case .incomingRequest(let request)? = await screen(bobSession, where: { $0.actions.contains(.accept) })
        else { Issue.record("no request: \(bobSession.state)"); return }
        #expect(request.theirCard == adaCard)
        try await bobSession.exchange()

        // Both hold the other's card. Ada sends her one note; Bob's app shows it as a banner.
        guard case .succeeded(let adaHas)? = await screen(adaSession, where: { $0.actions.contains(.sendNote) })
        else { Issue.record("no swap: \(adaSession.state)"); return }
        #expect(adaHas.theirCard == bobCard)
        try adaSession.sendNote("Lovely to meet you")
        for await banner in bobsBanners {
            if case .noteReceived(let note) = banner { #expect(note == "Lovely to meet you"); break }
        }

        // Bob leaves; both sessions end, and Ada's record of the meeting goes with Bob's contact.
        bobSession.close()
        for run in running { await run.value }
        guard case .ended(.completed(let record)) = adaSession.state else { Issue.record("\(adaSession.state)"); return }
        #expect(record.ourNote == "Lovely to meet you" && record.theirBinding != nil)
        // article:end
    }

    @Test("the Getting Started article shows exactly the code this suite runs")
    func articleMatchesTheTest() throws {
        #expect(try ArticleCode.inArticle("Sources/HandshakeExchange/HandshakeExchange.docc/GettingStarted.md") == ArticleCode.inTest())
    }
}
