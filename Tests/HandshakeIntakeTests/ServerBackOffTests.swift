import Foundation
import HandshakeCore
import HandshakeIntake
import HandshakeTestSupport
import Testing

/// Refreshes on a timer leave a server that did not answer alone for a while (`ServerBackOff`): 30 minutes after
/// its first silence, twice as long after each further one up to a day, and as usual again once it answers.
struct ServerBackOffTests {
    static let server = ServerOrigin("https://cards.example")!
    static let other = ServerOrigin("https://other.example")!
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func eachSilenceDoublesTheRestUpToADay() {
        var backOff = ServerBackOff()
        #expect(backOff.resting(Self.server, at: Self.start) == nil)
        var now = Self.start
        var rests: [TimeInterval] = []
        for _ in 0..<8 {
            backOff.noAnswer(from: Self.server, at: now)
            let until = backOff.resting(Self.server, at: now)
            rests.append(until.map { $0.timeIntervalSince(now) } ?? 0)
            now = until ?? now
        }
        #expect(rests == [1_800, 3_600, 7_200, 14_400, 28_800, 57_600, 86_400, 86_400])
        // The rest has passed at its end; another server was never resting.
        #expect(backOff.resting(Self.server, at: now) == nil)
        #expect(backOff.resting(Self.other, at: Self.start) == nil)
    }

    @Test func oneAnswerEndsTheRestAndTheDoubling() {
        var backOff = ServerBackOff(firstRest: .seconds(60))
        backOff.noAnswer(from: Self.server, at: Self.start)
        backOff.noAnswer(from: Self.server, at: Self.start)
        #expect(backOff.resting(Self.server, at: Self.start) == Self.start.addingTimeInterval(120))
        backOff.answered(by: Self.server)
        #expect(backOff.resting(Self.server, at: Self.start) == nil)
        backOff.noAnswer(from: Self.server, at: Self.start)
        #expect(backOff.resting(Self.server, at: Self.start) == Self.start.addingTimeInterval(60))
    }

    /// A server that drips past the time limit: the first refresh asks it, the next ones within its rest ask
    /// nothing and say when it is asked again, and after the rest it is asked once more, then rests twice as long.
    @Test func aRefreshOnATimerLeavesASilentServerAloneForItsRest() async throws {
        let server = try await HostileHTTPServer(.drip(interval: .milliseconds(100)))
        defer { Task { await server.stop() } }
        let origin = "http://127.0.0.1:\(server.port)"
        let (book, ada, carol) = try CardRefreshHostileTests.book(naming: origin)
        var refresh = CardRefresh(book: book, registered: nil)
        refresh.configuration.requestTimeout = .milliseconds(500)
        var backOff = ServerBackOff()

        let first = try await refresh.refresh([ada, carol], backOff: &backOff, now: Self.start)
        #expect(first.map(\.outcome) == Array(repeating: .unreachable("Could not reach 127.0.0.1: it did not answer within 0.5 seconds."), count: 2))
        #expect(server.requestLines.count == 1)

        let soon = try await refresh.refresh([ada, carol], backOff: &backOff, now: Self.start.addingTimeInterval(60))
        let resting = CardRefresh.Outcome.unreachable("\(origin) did not answer the last time it was asked; it is asked again in 29 minutes.")
        #expect(soon.map(\.outcome) == [resting, resting], "\(soon.map(\.outcome))")
        #expect(server.requestLines.count == 1, "\(server.requestLines)")

        let later = Self.start.addingTimeInterval(31 * 60)
        _ = try await refresh.refresh([ada], backOff: &backOff, now: later)
        #expect(server.requestLines.count == 2)
        #expect(backOff.resting(try #require(ServerOrigin(origin)), at: later) == later.addingTimeInterval(3_600))
        #expect(try book.card(of: ada.id).card.title == "Chief Programmer")
    }
}
