import Foundation
import HandshakeCore
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The short code's key exchange over a connection, then a real session on the same connection: the right
/// code opens a channel in session-secret mode, a wrong one fails after one attempt on both sides and burns
/// the code, and a silent or vanished peer ends the attempt on the injected clock.
@MainActor
@Suite("ShortCodeConnection: the code's key exchange, then the session", .timeLimit(.minutes(1)))
struct ShortCodeConnectionTests {
    let clock = ManualExchangeClock(start: SessionPair.start)
    let instance = Array("k3j2q8w5x7c1v9b4".utf8)

    /// A code with the same rendezvous part as `code` and another password.
    static func wrong(_ code: ShortCode) -> ShortCode {
        var digits = code.digits
        digits[8] ^= 1
        return ShortCode(digits: digits)
    }

    @Test("the right code: both sides derive one secret, and a session over the same connection completes")
    func rightCode() async throws {
        let desk = ShortCodeDesk()
        let code = await desk.issue(at: clock.now().wall)
        let (typing, showing) = PipeTransport.pair()
        async let shown = ShortCodeConnection.show(rendezvous: code.rendezvous, channelBinding: instance, desk: desk, over: showing, clock: clock)
        let typed = try await ShortCodeConnection.type(code, channelBinding: instance, over: typing, clock: clock)
        let other = try await shown
        #expect(typed.secret.bytes == other.secret.bytes)
        #expect(await desk.isOpen(rendezvous: code.rendezvous, at: clock.now().wall) == false, "a code works once")

        let ada = ExchangeSession(role: .initiator, secret: typed.secret, identity: SessionPair.ada, card: SessionPair.adaCard, transport: typed.transport, gate: AlwaysConfirm(), clock: clock)
        let bob = ExchangeSession(role: .responder, secret: other.secret, identity: SessionPair.bob, card: SessionPair.bobCard, transport: other.transport, gate: AlwaysConfirm(), clock: clock)
        let runs = (Task { await ada.run() }, Task { await bob.run() })
        for session in [ada, bob] {
            for await state in session.stateUpdates() where state.actions.contains(.request) {
                guard case .confirm(let screen) = state else { continue }
                #expect(screen.shortCode == nil, "with a secret there is no code to compare")
                break
            }
        }
        try await ada.exchange()
        for await state in bob.stateUpdates() where state.incoming != nil { break }
        try await bob.exchange()
        for await state in ada.stateUpdates() where state.success != nil {
            #expect(state.success?.theirCard == SessionPair.bobCard)
            break
        }
        ada.close()
        bob.close()
        await runs.0.value
        await runs.1.value
    }

    @Test("a wrong code: the typing side hears it does not match, and the code is burned for a second try")
    func wrongCode() async throws {
        let desk = ShortCodeDesk()
        let code = await desk.issue(at: clock.now().wall)
        let (typing, showing) = PipeTransport.pair()
        async let shown = ShortCodeConnection.show(rendezvous: code.rendezvous, channelBinding: instance, desk: desk, over: showing, clock: clock)
        await #expect(throws: ShortCodeError.codeDoesNotMatch) {
            try await ShortCodeConnection.type(Self.wrong(code), channelBinding: instance, over: typing, clock: clock)
        }
        // The showing side answered (it cannot tell): its secret opens nothing.
        _ = try await shown
        let (again, showingAgain) = PipeTransport.pair()
        let second = Task { [instance, clock] in
            do throws(ShortCodeError) {
                _ = try await ShortCodeConnection.show(rendezvous: code.rendezvous, channelBinding: instance, desk: desk, over: showingAgain, clock: clock)
                return nil as ShortCodeError?
            } catch {
                return error
            }
        }
        await #expect(throws: ShortCodeError.connectionClosed) {
            // The right code, too late: the desk refuses it and the showing side closes the connection.
            try await ShortCodeConnection.type(code, channelBinding: instance, over: again, clock: clock)
        }
        #expect(await second.value == .alreadyUsed)
    }

    @Test("another channel binding (a relayed connection) fails as a wrong code does")
    func otherBinding() async throws {
        let desk = ShortCodeDesk()
        let code = await desk.issue(at: clock.now().wall)
        let (typing, showing) = PipeTransport.pair()
        async let shown = ShortCodeConnection.show(rendezvous: code.rendezvous, channelBinding: instance, desk: desk, over: showing, clock: clock)
        await #expect(throws: ShortCodeError.codeDoesNotMatch) {
            try await ShortCodeConnection.type(code, channelBinding: Array("someone-else-0000".utf8), over: typing, clock: clock)
        }
        _ = try await shown
    }

    @Test("a peer that never answers: the attempt ends when the injected clock passes the timeout")
    func silentPeer() async throws {
        let desk = ShortCodeDesk()
        let code = await desk.issue(at: clock.now().wall)
        let (typing, _) = PipeTransport.pair()
        let attempt = Task { try await ShortCodeConnection.type(code, channelBinding: instance, over: typing, clock: clock, timeout: .seconds(15)) }
        let (_, showing) = PipeTransport.pair()
        let waiting = Task { try await ShortCodeConnection.show(rendezvous: code.rendezvous, channelBinding: instance, desk: desk, over: showing, clock: clock) }
        // Let both reach their sleep, then move time past the deadline.
        while clock.sleeperCount < 2 { await Task.yield() }
        clock.advance(by: .seconds(15))
        await #expect(throws: ShortCodeError.noAnswer(seconds: 15)) { try await attempt.value }
        await #expect(throws: ShortCodeError.noAnswer(seconds: 15)) { try await waiting.value }
        #expect(await desk.isOpen(rendezvous: code.rendezvous, at: clock.now().wall), "nobody tried: the code is still good")
    }

    @Test("a peer that leaves before answering: 'the connection ended', not a hang")
    func vanishedPeer() async throws {
        let code = ShortCode.random()
        let (typing, showing) = PipeTransport.pair()
        await showing.close()
        await #expect(throws: ShortCodeError.connectionClosed) {
            try await ShortCodeConnection.type(code, channelBinding: instance, over: typing, clock: clock)
        }
    }

    @Test("every new error reads as a sentence")
    func sentences() {
        #expect(ShortCodeError.noAnswer(seconds: 15).description == "The other device did not answer within 15 seconds; the code was not checked.")
        #expect(ShortCodeError.connectionClosed.description.hasPrefix("The other device ended the connection before the code was checked"))
    }
}
