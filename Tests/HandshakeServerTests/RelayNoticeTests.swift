import Foundation
import NIOCore
import Testing

@testable import HandshakeServer

/// The relay between instances without a database: two instances' rooms on one directory, each one's
/// notices for the other handed over one at a time as PostgresRelayLink would, and the notices' text.
@Suite("relay rooms across instances")
struct RelayNoticeTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let room = RelayRoomName("0123456789abcdef0123456789abcdef")!

    /// Two instances on one directory; `pass` hands over the next notice one sent the other.
    struct Pair {
        let a: RelayRooms, b: RelayRooms
        var forB: AsyncStream<RelayNotice>.Iterator, forA: AsyncStream<RelayNotice>.Iterator

        init(limits: RelayLimits = RelayLimits()) async {
            let directory = MemoryRelayDirectory(limits: limits)
            let (toB, intoB) = AsyncStream.makeStream(of: RelayNotice.self)
            let (toA, intoA) = AsyncStream.makeStream(of: RelayNotice.self)
            a = RelayRooms(limits: limits, metrics: MailboxMetrics(), directory: directory, elsewhere: intoB)
            b = RelayRooms(limits: limits, metrics: MailboxMetrics(), directory: directory, elsewhere: intoA)
            (forB, forA) = (toB.makeAsyncIterator(), toA.makeAsyncIterator())
            await a.hears(true)
            await b.hears(true)
        }

        mutating func passToB(at now: Date = start) async throws { await b.receive(try #require(await forB.next()), now: now) }
        mutating func passToA(at now: Date = start) async throws { await a.receive(try #require(await forA.next()), now: now) }
    }

    static func text(_ delivery: RelayRooms.Delivery?) -> String? {
        if case .bytes(let bytes) = delivery { return String(buffer: bytes) }
        return nil
    }

    static func ending(_ delivery: RelayRooms.Delivery?) -> RelayRefusal?? {
        if case .ended(let reason) = delivery { return .some(reason) }
        return nil
    }

    @Test("the second side on the other instance pairs the room: held bytes, both ways, a third turned away on either, the end told across")
    func twoInstancesShareARoom() async throws {
        var pair = await Pair()
        let first = try await pair.a.join(Self.room, from: "x", now: Self.start).get()
        await pair.a.carry(ByteBuffer(string: "held for you"), from: first.seat, now: Self.start)
        let second = try await pair.b.join(Self.room, from: "y", now: Self.start).get()
        try await pair.passToA()  // paired: A hands over what it held
        try await pair.passToB()
        var intoSecond = second.deliveries.makeAsyncIterator(), intoFirst = first.deliveries.makeAsyncIterator()
        #expect(Self.text(await intoSecond.next()) == "held for you")
        await pair.b.carry(ByteBuffer(string: "from b"), from: second.seat, now: Self.start)
        try await pair.passToA()
        #expect(Self.text(await intoFirst.next()) == "from b")
        #expect(await pair.a.join(Self.room, from: "z", now: Self.start).failure == .roomFull)
        #expect(await pair.b.join(Self.room, from: "z", now: Self.start).failure == .roomFull)

        await pair.b.leave(second.seat, from: "y", now: Self.start)
        try await pair.passToA()
        #expect(Self.ending(await intoFirst.next()) == .some(nil), "the other side left")
        #expect(await pair.a.counts.rooms == 0)
        #expect(await pair.b.counts.rooms == 0)
        #expect(await pair.a.join(Self.room, from: "x", now: Self.start).failure == .roomUsed)
    }

    @Test("the first leaves while the second's arrival is on its way: the directory names the second, which is told")
    func theFirstLeavesAsTheSecondComes() async throws {
        var pair = await Pair()
        let first = try await pair.a.join(Self.room, from: "x", now: Self.start).get()
        let second = try await pair.b.join(Self.room, from: "y", now: Self.start).get()
        await pair.a.leave(first.seat, from: "x", now: Self.start)  // before A heard of B
        try await pair.passToB()
        var intoSecond = second.deliveries.makeAsyncIterator()
        #expect(Self.ending(await intoSecond.next()) == .some(nil))
        try await pair.passToA()  // B's late `paired` finds no side at A, and changes nothing
        #expect(await pair.a.counts == (0, 0))
    }

    @Test("each instance ends its side of a silent room by its own clock, and tells the other")
    func silenceEndsBothSides() async throws {
        var pair = await Pair()
        let limits = RelayLimits()
        let first = try await pair.a.join(Self.room, from: "x", now: Self.start).get()
        let second = try await pair.b.join(Self.room, from: "y", now: Self.start).get()
        try await pair.passToA()
        await pair.b.sweep(now: Self.start.addingTimeInterval(limits.silence))
        try await pair.passToA()
        var intoFirst = first.deliveries.makeAsyncIterator(), intoSecond = second.deliveries.makeAsyncIterator()
        #expect(Self.ending(await intoSecond.next()) == .some(.timeUp))
        #expect(Self.ending(await intoFirst.next()) == .some(.timeUp))
    }

    @Test("a room's record: abandoned by a stopped instance, it is used until its time is over, then opens again")
    func anAbandonedRecordEndsByTheClock() {
        let limits = RelayLimits()
        let gone = RelaySeat(instance: RelayInstanceID("00000000000000aa")!, number: 1)
        let newcomer = RelaySeat(instance: RelayInstanceID("00000000000000bb")!, number: 7)
        let waiting = RelayRoomRecord(first: gone, opened: Self.start)
        let overAt = Self.start.addingTimeInterval(limits.waiting)
        #expect(RelayRoomRecord.take(waiting, for: newcomer, now: overAt.addingTimeInterval(-1), limits: limits).1 == .paired(with: gone, opened: Self.start))
        #expect(RelayRoomRecord.take(waiting, for: newcomer, now: overAt, limits: limits).1 == .refused(.roomUsed))
        let forgotten = waiting.forgetAt(limits: limits)
        #expect(forgotten == overAt.addingTimeInterval(limits.lifetime))
        #expect(RelayRoomRecord.take(waiting, for: newcomer, now: forgotten, limits: limits).1 == .waiting)

        var paired = waiting
        paired.second = newcomer
        let lifetimeOver = Self.start.addingTimeInterval(limits.lifetime)
        #expect(RelayRoomRecord.take(paired, for: gone, now: lifetimeOver.addingTimeInterval(-1), limits: limits).1 == .refused(.roomFull))
        #expect(RelayRoomRecord.take(paired, for: gone, now: lifetimeOver, limits: limits).1 == .refused(.roomUsed))
        #expect(RelayRoomRecord.close(paired, leaving: gone, because: .left, now: Self.start, limits: limits).other == newcomer)
        #expect(RelayRoomRecord.close(waiting, leaving: gone, because: .left, now: Self.start, limits: limits).0 == nil, "forgotten: its side may come back")
        #expect(RelayRoomRecord.close(waiting, leaving: newcomer, because: .left, now: Self.start, limits: limits).0 == waiting, "a seat it does not hold")
    }

    @Test("a notice as notification text: a message at the limit in parts under 8,000 bytes each, read back whole")
    func noticesReadBack() throws {
        let from = RelaySeat(instance: RelayInstanceID("0123456789abcdef")!, number: 41)
        let me = RelayInstanceID("fedcba9876543210")!
        let to = RelaySeat(instance: me, number: 9)
        let largest = ByteBuffer(bytes: (0..<RelayLimits().messageBytes).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var reader = RelayNoticeReader(instance: me, messageBytes: RelayLimits().messageBytes)
        let kinds: [RelayNotice.Kind] = [.paired, .bytes(largest), .bytes(ByteBuffer()), .ended(nil), .ended(.tooMuch)]
        for kind in kinds {
            let payloads = RelayNoticeText.payloads(RelayNotice(room: Self.room, from: from, to: to, kind: kind))
            #expect(payloads.allSatisfy { $0.utf8.count < 8000 })
            let read = payloads.compactMap { reader.read($0) }
            try #require(read.count == 1, "\(payloads.count) payloads")
            #expect(read[0].room == Self.room && read[0].from == from && read[0].to == to)
            switch (kind, read[0].kind) {
            case (.paired, .paired): break
            case (.bytes(let sent), .bytes(let got)): #expect(sent == got)
            case (.ended(let sent), .ended(let got)): #expect(sent == got)
            default: Issue.record("\(kind) read as \(read[0].kind)")
            }
        }
        #expect(RelayNoticeText.payloads(RelayNotice(room: Self.room, from: from, to: to, kind: .bytes(largest))).count == 14)
        for bad in [
            "", "paired", "\(Self.room) 0123456789abcdef 41 9", "\(Self.room) 0123456789abcdef 41 9 ended nothing",
            "\(Self.room) 0123456789ABCDEF 41 9 paired", "\(Self.room) 0123456789abcdef x 9 paired", "\(Self.room) 0123456789abcdef 41 9 bytes !!",
            "\(Self.room) 0123456789abcdef 41 9 paired extra", "\(Self.room) 0123456789abcdef 41 9 paired  ",
        ] {
            #expect(reader.read(bad) == nil, "\(bad)")
        }
    }

    @Test("notices cut, spliced and flipped anywhere are read as nothing or as a notice within the size limit, never more")
    func mangledNotices() {
        let from = RelaySeat(instance: RelayInstanceID("0123456789abcdef")!, number: 3)
        let me = RelayInstanceID("fedcba9876543210")!
        let limit = 10_000
        let message = ByteBuffer(bytes: (0..<9_000).map { UInt8(truncatingIfNeeded: $0) })
        let payloads = RelayNoticeText.payloads(RelayNotice(room: Self.room, from: from, to: RelaySeat(instance: me, number: 5), kind: .bytes(message)))
        var generator = SystemRandomNumberGenerator()
        var reader = RelayNoticeReader(instance: me, messageBytes: limit)
        for _ in 0..<5_000 {
            var bytes = Array(payloads[Int.random(in: 0..<payloads.count, using: &generator)].utf8)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            case 1: bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            case 2: bytes += Array(payloads[0].utf8.suffix(Int.random(in: 0...100, using: &generator)))
            default: break
            }
            guard let notice = reader.read(String(decoding: bytes, as: UTF8.self)) else { continue }
            #expect(notice.to.instance == me)
            if case .bytes(let read) = notice.kind { #expect(read.readableBytes <= limit) }
        }
    }
}
