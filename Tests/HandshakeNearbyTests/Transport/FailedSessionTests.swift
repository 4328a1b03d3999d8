import Foundation
import HandshakeCore
@_spi(Wire) @testable import HandshakeExchange
@_spi(Wire) @testable import HandshakeNearby
import HandshakeStore
import HandshakeTestSupport
import Testing

/// The rule for a session that fails after the cards crossed (docs/protocols/nearby.md §7): the card the
/// person chose to add stays, as they added it; the meeting is not recorded, since the session did not
/// complete; the run ends with the failure's sentence. Ada runs the coordinator an app runs; Bob is a raw
/// session over TCP that, once the cards crossed, sends what no well-behaved device sends.
@MainActor
@Suite("A session that fails after the cards crossed", .timeLimit(.minutes(1)))
struct FailedSessionTests {
    /// What Bob's device sends after the cards crossed, and the sentence Ada's run ends with.
    enum Fault: String, CaseIterable, Sendable {
        case tooLong = "a 141-character note"
        case blank = "a blank note"
        case second = "a second note"
        case oversized = "a note of 5,005 bytes"

        var messages: [SessionMessage] {
            switch self {
            case .tooLong: [.note(String(repeating: "x", count: 141))]
            case .blank: [.note("   ")]
            case .second: [.note("Hello Ada"), .note("Hello again")]
            case .oversized: [.note(String(repeating: "y", count: 5_005))]
            }
        }

        var sentence: String {
            switch self {
            case .tooLong: "The other device's note was refused: A note can have at most 140 characters; this one has 141."
            case .blank: "The other device's note was refused: The note is empty."
            case .second: "The other device sent a second note."
            case .oversized: "The other device sent a note of 5010 bytes; at most 4096 are accepted."  // 5,005 characters in CBOR
            }
        }
    }

    @Test(arguments: Fault.allCases)
    func theAddedContactStaysAndNoMeetingIsRecorded(_ fault: Fault) async throws {
        let ada = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(NearbyCoordinatorTests.container()))
        let bob = try HandshakeAccount.create(name: "Bob Babbage", storage: .directory(NearbyCoordinatorTests.container()))
        let screen = ScriptedScreen(note: nil)
        let coordinator = screen.follow(try NearbyCoordinator(account: ada, configuration: NearbyCoordinatorTests.loopback(ManualExchangeClock())))
        let running = Task { try await coordinator.run(.listen, timeout: .seconds(120)) }
        let port = await screen.listeningPort()

        let bobsCard = try bob.issueCard()
        let (sessions, arrived) = AsyncStream.makeStream(of: ExchangeSession.self)
        let connecting = Task {
            try await NearbyTCP.connect(host: "127.0.0.1", port: port) { transport in
                let session = await ExchangeSession(role: .initiator, secret: nil, identity: bob.identity, card: bobsCard, transport: transport, gate: AlwaysConfirm())
                arrived.yield(session)
                await session.run()
            }
        }
        defer { connecting.cancel() }
        var iterator = sessions.makeAsyncIterator()
        let bobs = try #require(await iterator.next())
        _ = await TCPExchangeTests.reach(bobs) { $0.actions.contains(.request) }
        try await bobs.exchange()
        _ = await TCPExchangeTests.reach(bobs) { if case .succeeded = $0 { true } else { false } }
        // Ada has said Add and the card is kept before anything goes wrong.
        while !screen.kept { try await Task.sleep(for: .milliseconds(5)) }

        bobs.apply(bobs.core.apply(fault.messages.map { .send($0) }))
        do {
            _ = try await running.value
            Issue.record("the session completed after \(fault.rawValue)")
        } catch {
            #expect("\(error)" == fault.sentence + " Bob Babbage stays in your contacts; the meeting was not recorded.", "\(error)")
            // One sentence for one ending: the ended screen (and `nearby --json`'s `ended`) says what the error says.
            #expect(screen.ended?.sentence == "\(error)")
        }
        guard case .session(.failed(let reason))? = screen.ended?.outcome else {
            Issue.record("the screen did not show the failure: \(screen.seen.last.map { "\($0.stage)" } ?? "nothing")")
            return
        }
        #expect(screen.ended?.swap?.saving.contact?.displayName == "Bob Babbage", "the success screen stays, with the contact kept")
        #expect(reason == fault.sentence)
        let kept = try ada.book.contacts()
        #expect(kept.map(\.displayName) == ["Bob Babbage"])
        #expect(kept.first?.trustLevel == .trusted && kept.first?.verificationStatus == .verified)
        #expect(try ada.book.exchanges(ofContact: try #require(kept.first?.id)).isEmpty, "no meeting from a session that did not complete")
    }
}
