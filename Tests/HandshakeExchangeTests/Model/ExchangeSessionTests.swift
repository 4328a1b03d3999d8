import Foundation
import HandshakeCore
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The app-facing session model: two of them over a pipe, with a hand-moved clock.
@MainActor
@Suite("ExchangeSession: the model an app binds to", .timeLimit(.minutes(1)))
struct ExchangeSessionTests {
    struct Refuse: ConfirmationGate {
        func confirmSharing(with peerName: String?) async -> Bool { false }
    }

    let clock = ManualExchangeClock(start: SessionPair.start)
    let ada: ExchangeSession
    let bob: ExchangeSession

    init() {
        let (adaEnd, bobEnd) = PipeTransport.pair()
        ada = ExchangeSession(role: .initiator, secret: nil, identity: SessionPair.ada, card: SessionPair.adaCard, transport: adaEnd, gate: AlwaysConfirm(), clock: clock)
        bob = ExchangeSession(role: .responder, secret: nil, identity: SessionPair.bob, card: SessionPair.bobCard, transport: bobEnd, gate: AlwaysConfirm(), clock: clock)
    }

    init(bobGate: any ConfirmationGate) {
        let (adaEnd, bobEnd) = PipeTransport.pair()
        ada = ExchangeSession(role: .initiator, secret: nil, identity: SessionPair.ada, card: SessionPair.adaCard, transport: adaEnd, gate: AlwaysConfirm(), clock: clock)
        bob = ExchangeSession(role: .responder, secret: nil, identity: SessionPair.bob, card: SessionPair.bobCard, transport: bobEnd, gate: bobGate, clock: clock)
    }

    /// Waits (on the session's own updates, not on time) for a state that matches.
    func reach(_ session: ExchangeSession, _ matches: (SessionState) -> Bool) async -> SessionState? {
        for await state in session.stateUpdates() where matches(state) { return state }
        return matches(session.state) ? session.state : nil
    }

    func start() -> (Task<Void, Never>, Task<Void, Never>) {
        (Task { await ada.run() }, Task { await bob.run() })
    }

    @Test("request, incoming-request event, accept, notes both ways, close: the whole screen flow")
    func wholeFlow() async throws {
        let runs = start()
        let bobEvents = bob.events()
        guard case .confirm(let adaScreen)? = await reach(ada, { $0.actions.contains(.request) }),
              case .confirm(let bobScreen)? = await reach(bob, { $0.actions.contains(.request) }) else { Issue.record("no confirm screen"); return }
        #expect(adaScreen.shortCode != nil && adaScreen.shortCode == bobScreen.shortCode)

        try await ada.exchange()
        #expect(ada.state.isWaiting)
        let incoming = try #require(await reach(bob) { $0.incoming != nil }?.incoming)
        #expect(incoming.theirCard == SessionPair.adaCard)
        var iterator = bobEvents.makeAsyncIterator()
        #expect(await iterator.next() == .incomingRequest(name: "Ada Lovelace"))

        try await bob.exchange()
        let adaSuccess = try #require(await reach(ada) { $0.success != nil }?.success)
        #expect(adaSuccess.theirCard == SessionPair.bobCard)

        try ada.sendNote("Lovely to meet you")
        _ = await reach(bob) { $0.success?.theirNote != nil }
        #expect(bob.state.success?.theirNote?.text == "Lovely to meet you")

        bob.close()
        guard case .completed(let record)? = await reach(ada, { $0.ending != nil })?.ending else { Issue.record("\(ada.state)"); return }
        #expect(record.ourNote == "Lovely to meet you")
        await runs.0.value
        await runs.1.value
    }

    @Test("a refused confirmation gate signs nothing and sends nothing")
    func gateRefuses() async throws {
        let test = ExchangeSessionTests(bobGate: Refuse())
        let runs = test.start()
        _ = await test.reach(test.bob) { $0.actions.contains(.request) }
        await #expect(throws: SessionActionError.notConfirmed) { try await test.bob.exchange() }
        guard case .confirm = test.bob.state else { Issue.record("\(test.bob.state)"); return }
        test.ada.close()
        await runs.0.value
        await runs.1.value
        #expect(test.bob.state.ending == .theyLeft)
    }

    @Test("no answer in 60 s: the requester's screen says so, on the injected clock")
    func noAnswer() async throws {
        let runs = start()
        _ = await reach(ada) { $0.actions.contains(.request) }
        try await ada.exchange()
        _ = await reach(bob) { $0.incoming != nil }
        clock.advance(by: .seconds(59))
        #expect(ada.state.isWaiting)
        clock.advance(by: .seconds(1))
        #expect(await reach(ada) { $0.ending != nil }?.ending == .noAnswer)
        #expect(await reach(bob) { $0.ending != nil }?.ending == .requestExpired)
        await runs.0.value
        await runs.1.value
    }
}
