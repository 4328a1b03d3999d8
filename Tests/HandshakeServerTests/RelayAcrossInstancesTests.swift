import Foundation
import HandshakeTestSupport
import Testing

@testable import HandshakeServer

/// The relay behind a load balancer (docs/protocols/nearby-relay.md §3.11): two instances on one
/// PostgreSQL database, each with its own port and nothing but the database in common, and the two sides
/// of a room on different instances. Python's `websockets` is both sides (Scripts/relay_peers.py), as in
/// ``RelayTests``: what holds for one instance holds across two.
// Alone, as RelayTests: its peers wait on the wall clock for the servers' answers.
@Suite("the relay across instances", .timeLimit(.minutes(2)), .tags(.runsAlone))
struct RelayAcrossInstancesTests {
    static let room = "89abcdef0123456789abcdef01234567"

    /// Runs `body` with two serving instances on a fresh schema (dropped afterwards) and their ports.
    static func twoInstances(
        clock: ManualClock = ManualClock(), _ body: @Sendable (MailboxServer, Int, MailboxServer, Int) async throws -> Void
    ) async throws {
        try await MultiInstanceTests.sharingOneSchema(clock: clock) { first, second in
            try await first.testServing { _, a in
                try await second.testServing { _, b in try await body(first.server, a, second.server, b) }
            }
        }
    }

    @Test("two peers on two instances meet: held bytes, one message each way, a third turned away by the other instance, the end told, the room not reopened")
    func twoPeersMeetAcrossInstances() async throws {
        try await Self.twoInstances { first, a, second, b in
            let seen = try await RelayTests.peers(["pair", "ws://127.0.0.1:\(a)", Self.room, "ws://127.0.0.1:\(b)"])
            #expect(seen["bReceivedHeld"] as? String == "held for you", "what the first sent before the second came: \(seen)")
            #expect(seen["aReceived"] as? String == "from b" && seen["bReceived"] as? String == "from a", "\(seen)")
            #expect(RelayTests.code(seen, "third") == 4409, "the first's instance knows the room is full: \(seen["third"] ?? "")")
            #expect(RelayTests.code(seen, "bAfterALeft") == 1000, "\(seen)")
            #expect(RelayTests.code(seen, "again") == 4410, "the second's instance knows the room was used: \(seen["again"] ?? "")")
            // Counted where the room paired: where the second seat was taken, which need not be the second to connect.
            let paired = [first, second].compactMap { MetricsTests.sample("handshake_relay_rooms_paired_total", in: $0.metrics.text()) }
            #expect(paired.reduce(0, +) == 1, "\(paired)")
            for server in [first, second] {
                _ = try await ConnectionLimitTests.waitFor("handshake_relay_connections_open", in: server, until: { $0 == 0 })
            }
        }
    }

    @Test("across instances a message at the size limit, an empty one and fifty in a row arrive whole and in order")
    func messagesArriveWholeAndInOrder() async throws {
        try await Self.twoInstances { _, a, _, b in
            let seen = try await RelayTests.peers(["across", "ws://127.0.0.1:\(a)", "ws://127.0.0.1:\(b)", Self.room])
            #expect(seen["bReceivedLargest"] as? Bool == true && seen["aReceivedLargest"] as? Bool == true, "\(seen)")
            #expect(seen["bReceivedEmpty"] as? Bool == true, "\(seen)")
            #expect(seen["aReceivedInOrder"] as? Int == 50, "\(seen)")
            #expect(RelayTests.code(seen, "aAfterBLeft") == 1000, "\(seen)")
        }
    }

    @Test("a silent room across instances ends by the clock on both, with the time-up code")
    func aSilentRoomEndsOnBoth() async throws {
        let clock = ManualClock()
        try await Self.twoInstances(clock: clock) { first, a, second, b in
            async let seen = RelayTests.peers(["silent", "ws://127.0.0.1:\(a)", Self.room, "ws://127.0.0.1:\(b)"])
            // Both seated, and the second's first message counted: the room is paired. Whichever instance's
            // sweep ends it first tells the other, so both sides hear 4408.
            for server in [first, second] {
                _ = try await ConnectionLimitTests.waitFor("handshake_relay_connections_open", in: server, until: { $0 == 1 })
            }
            _ = try await ConnectionLimitTests.waitFor("handshake_relay_bytes_total", in: second, until: { $0 >= 4 })
            clock.advance(by: RelayLimits().silence)
            let ended = try await seen
            #expect(RelayTests.code(ended, "a") == 4408 && RelayTests.code(ended, "b") == 4408, "\(ended)")
        }
    }
}
