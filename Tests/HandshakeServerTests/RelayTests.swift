import Foundation
import HandshakeTestSupport
import Hummingbird
import NIOCore
import Testing

@testable import HandshakeServer

/// The relay on the mailbox (docs/protocols/nearby-relay.md §3), met by Python's `websockets` on a loopback
/// port (Scripts/relay_peers.py): two peers per room, each one's messages to the other in order (what the
/// first sends before the second comes held for it), a third turned away, a room used once, a flood from one
/// address refused past its bound, a message past the limit and a text message ending the room, and a
/// silent room ended by the server's clock.
// Alone: its peers wait on the wall clock for the server's answers, which a loaded machine delays (a flood
// of rooms and a silent room failed once beside the sign-in floods).
@Suite("the relay", .timeLimit(.minutes(2)), .tags(.runsAlone))
struct RelayTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/relay_peers.py")

    static func peers(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await Tool.run(arguments: ["python3", script.path] + arguments)
        try #require(result.status == 0, "relay_peers.py failed (scripts/install-test-tools installs websockets): \(result.stderr)")
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(result.stdout)")
    }

    static func code(_ seen: [String: Any], _ key: String) -> Int? { (seen[key] as? [String: Any])?["code"] as? Int }

    static let room = "0123456789abcdef0123456789abcdef"

    @Test("two peers meet: held bytes, one message each way, a third turned away, the end told, the room not reopened")
    func twoPeersMeet() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        try await mailbox.testServing { _, port in
            let seen = try await Self.peers(["pair", "ws://127.0.0.1:\(port)", Self.room])
            #expect(seen["bReceivedHeld"] as? String == "held for you", "what the first sent before the second came")
            #expect(seen["aReceived"] as? String == "from b" && seen["bReceived"] as? String == "from a")
            #expect(Self.code(seen, "third") == 4409, "\(seen["third"] ?? "")")
            #expect(Self.code(seen, "bAfterALeft") == 1000)
            #expect(Self.code(seen, "again") == 4410, "a room is used once: \(seen["again"] ?? "")")
            let metrics = mailbox.server.metrics.text()
            #expect(MetricsTests.sample("handshake_relay_rooms_paired_total", in: metrics) == 1)
            #expect(MetricsTests.sample("handshake_relay_bytes_total", in: metrics) == Double("held for you".count + "from b".count + "from a".count))
            _ = try await ConnectionLimitTests.waitFor("handshake_relay_connections_open", in: mailbox.server, until: { $0 == 0 })
        }
    }

    @Test("a flood of rooms from one address: the bound's worth held open, the rest turned away at once")
    func aFloodFromOneAddressIsRefused() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        let bound = mailbox.server.policy.relay.connectionsPerAddress
        try await mailbox.testServing { _, port in
            let seen = try await Self.peers(["flood", "ws://127.0.0.1:\(port)", String(bound + 4)])
            let codes = try #require(seen["codes"] as? [Any])
            #expect(codes.prefix(bound).allSatisfy { $0 as? String == "open" }, "\(codes)")
            #expect(codes.dropFirst(bound).allSatisfy { $0 as? Int == 4429 }, "\(codes)")
        }
    }

    @Test("a message past the limit, or a text message, ends the room for both")
    func pastTheLimitOrTextEndsTheRoom() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        try await mailbox.testServing { _, port in
            let oversize = try await Self.peers(["oversize", "ws://127.0.0.1:\(port)", Self.room])
            #expect(Self.code(oversize, "a") == 1009, "\(oversize)")
            #expect(Self.code(oversize, "b") == 1000, "the other side is told it left: \(oversize)")
            let text = try await Self.peers(["text", "ws://127.0.0.1:\(port)", "fedcba9876543210fedcba9876543210"])
            #expect(Self.code(text, "a") == 1003 && Self.code(text, "b") == 1003, "\(text)")
            #expect(Self.code(oversize, "b") == 1000, "\(oversize)")
        }
    }

    @Test("a silent room ends by the server's clock, for both, with the time-up code")
    func aSilentRoomEndsByTheClock() async throws {
        let mailbox = try await TestMailbox(.sqlite)
        let clock = mailbox.clock
        let silence = mailbox.server.policy.relay.silence
        try await mailbox.testServing { _, port in
            async let seen = Self.peers(["silent", "ws://127.0.0.1:\(port)", Self.room])
            // Both seated and the first message across: the room is silent from here.
            _ = try await ConnectionLimitTests.waitFor("handshake_relay_bytes_total", in: mailbox.server, until: { $0 >= 4 })
            clock.advance(by: silence)
            let ended = try await seen
            #expect(Self.code(ended, "a") == 4408 && Self.code(ended, "b") == 4408, "\(ended)")
        }
    }
}

/// The rooms' rules without a socket: the waiting time, the lifetime, what waits before the second side, the
/// bounds per address and per instance.
@Suite("relay rooms")
struct RelayRoomsTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let room = RelayRoomName("0123456789abcdef0123456789abcdef")!

    static func ending(of deliveries: AsyncStream<RelayRooms.Delivery>) async -> RelayRefusal?? {
        for await delivery in deliveries { if case .ended(let reason) = delivery { return reason } }
        return nil
    }

    @Test("a room nobody joined ends at the waiting time, and is used up: its token has expired by then")
    func nobodyCame() async throws {
        let limits = RelayLimits()
        let rooms = RelayRooms(limits: limits, metrics: MailboxMetrics())
        let first = try await rooms.join(Self.room, from: "a", now: Self.start).get()
        await rooms.sweep(now: Self.start.addingTimeInterval(limits.waiting - 1))
        #expect(await rooms.counts.rooms == 1)
        await rooms.sweep(now: Self.start.addingTimeInterval(limits.waiting))
        #expect(await Self.ending(of: first.deliveries) == .some(.nobodyCame))
        await rooms.leave(first.seat, from: "a", now: Self.start.addingTimeInterval(limits.waiting))
        #expect(await rooms.counts == (0, 0))
        #expect(await rooms.join(Self.room, from: "a", now: Self.start.addingTimeInterval(limits.waiting + 1)).failure == .roomUsed)
    }

    @Test("a paired room ends at its lifetime even while it carries; what waits for the second side is bounded")
    func lifetimeAndWaitingBytes() async throws {
        var limits = RelayLimits()
        limits.silence = 10_000
        let rooms = RelayRooms(limits: limits, metrics: MailboxMetrics())
        let a = try await rooms.join(Self.room, from: "a", now: Self.start).get()
        let b = try await rooms.join(Self.room, from: "b", now: Self.start).get()
        #expect(await rooms.join(Self.room, from: "c", now: Self.start).failure == .roomFull)
        for second in stride(from: 0.0, to: limits.lifetime, by: 30) {
            await rooms.carry(ByteBuffer(bytes: [1]), from: a.seat, now: Self.start.addingTimeInterval(second))
            await rooms.sweep(now: Self.start.addingTimeInterval(second))
        }
        await rooms.sweep(now: Self.start.addingTimeInterval(limits.lifetime))
        #expect(await Self.ending(of: b.deliveries) == .some(.timeUp))
        let reopened = await rooms.join(Self.room, from: "a", now: Self.start.addingTimeInterval(limits.lifetime + 1))
        #expect(reopened.failure == .roomUsed, "\(reopened)")

        let other = RelayRoomName("ffffffffffffffffffffffffffffffff")!
        let alone = try await rooms.join(other, from: "a", now: Self.start).get()
        await rooms.carry(ByteBuffer(bytes: [UInt8](repeating: 0, count: limits.waitingBytes)), from: alone.seat, now: Self.start)
        await rooms.carry(ByteBuffer(bytes: [0]), from: alone.seat, now: Self.start)
        #expect(await Self.ending(of: alone.deliveries) == .some(.tooMuch))
    }

    @Test("an address holds and opens only so many; the instance holds only so many")
    func boundsPerAddressAndInstance() async throws {
        var limits = RelayLimits()
        limits.connections = 3
        let rooms = RelayRooms(limits: limits, metrics: MailboxMetrics())
        func name(_ index: Int) -> RelayRoomName { RelayRoomName(Substring(String(format: "%032x", index)))! }
        for index in 0..<3 { _ = try await rooms.join(name(index), from: "x\(index)", now: Self.start).get() }
        #expect(await rooms.join(name(9), from: "y", now: Self.start).failure == .relayBusy)

        let perAddress = RelayRooms(limits: RelayLimits(), metrics: MailboxMetrics())
        var seats: [(RelayRoomName, Int)] = []
        for index in 0..<RelayLimits().connectionsPerAddress { seats.append((name(index), try await perAddress.join(name(index), from: "a", now: Self.start).get().seat)) }
        #expect(await perAddress.join(name(99), from: "a", now: Self.start).failure == .addressBusy)
        #expect(await perAddress.join(name(99), from: "b", now: Self.start).failure == nil, "another address is not held back")
        // Leaving gives the places back, but not the minute's arrivals: 9 so far, each attempt counts.
        for (_, seat) in seats { await perAddress.leave(seat, from: "a", now: Self.start) }
        var accepted = 0
        for index in 100..<140 {
            guard case .success(let joined) = await perAddress.join(name(index), from: "a", now: Self.start) else { continue }
            accepted += 1
            await perAddress.leave(joined.seat, from: "a", now: Self.start)
        }
        #expect(accepted == RelayLimits().arrivalsPerAddressPerMinute - 9)
        #expect(await perAddress.join(name(200), from: "a", now: Self.start.addingTimeInterval(60)).failure == nil, "a minute on")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
