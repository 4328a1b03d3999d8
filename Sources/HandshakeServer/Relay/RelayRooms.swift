// Establishes the relay's rooms as one instance holds them (docs/protocols/nearby-relay.md §3): each of its
// relay connections is one side of a room; the directory says which room has which seats, so the first
// arrival waits, the second pairs it and a third is turned away, wherever each connected; what one side
// sends reaches the other, in order, and nothing else does. Every bound of RelayLimits is decided here,
// against the server's clock, so the rules are tested without a socket; RelaySession only moves messages
// between a WebSocket and its seat.
//
// The two sides of a room tell each other what happens by RelayNotice: in memory when this instance holds
// both, through PostgreSQL (PostgresRelayLink) when another instance holds the other. Each side counts what
// the room carries and when it last carried, so either instance ends the room by its bounds and clock.
//
// What it does not do: read what it carries. The two sides run the secure channel end to end through it
// (nearby-channel.md), keyed by a secret the room's name does not reveal.
import Foundation
import NIOCore

/// This instance's sides of the relay's rooms, and who holds how many connections.
actor RelayRooms {
    /// What reaches a seat: the other side's bytes, then the end of the room (`nil`: the other side left).
    enum Delivery: Sendable {
        case bytes(ByteBuffer)
        case ended(RelayRefusal?)
    }

    /// One connection's side of a room, and the other side's seat once it is known.
    private struct Side {
        let room: RelayRoomName
        let deliveries: AsyncStream<Delivery>.Continuation
        var other: RelaySeat?
        /// Whether the directory has answered: until then the side neither waits nor carries.
        var placed = false
        /// What this side sent before the other came, handed over when it does.
        var held: [ByteBuffer] = []
        var heldBytes = 0
        /// What the room carried both ways, as this side saw it: the same on both sides.
        var carried = 0
        /// The room's first arrival, which its waiting time and lifetime run from.
        var opened: Date
        var lastMessage: Date
    }

    /// This instance's name in seats.
    let instance: RelayInstanceID
    private let limits: RelayLimits
    private let metrics: MailboxMetrics
    private let directory: any RelayDirectory
    /// Where notices for another instance's seats go; `nil` when this is the only instance.
    private let elsewhere: AsyncStream<RelayNotice>.Continuation?
    private var sides: [Int: Side] = [:]
    private var openByAddress: [String: Int] = [:]
    private var arrivalsByAddress: [String: [Date]] = [:]
    private var open = 0
    private var nextSeat = 0
    private var nextPrune: Date?
    /// Whether notices from other instances reach this one (always, when there are none): a seat is taken
    /// only then, or a room paired from elsewhere would never hear its other side.
    private var hearing: Bool

    /// Rooms of one instance, or of several when `directory` is shared and `elsewhere` carries notices to
    /// the others.
    init(
        limits: RelayLimits, metrics: MailboxMetrics, instance: RelayInstanceID = .random(), directory: (any RelayDirectory)? = nil,
        elsewhere: AsyncStream<RelayNotice>.Continuation? = nil
    ) {
        self.limits = limits
        self.metrics = metrics
        self.instance = instance
        self.directory = directory ?? MemoryRelayDirectory(limits: limits)
        self.elsewhere = elsewhere
        hearing = elsewhere == nil
    }

    /// Whether notices from other instances reach this one now (PostgresRelayLink says when it listens).
    func hears(_ hearing: Bool) { self.hearing = hearing }

    /// A seat in `room` for a connection from `address`, or why not. The seat's deliveries end with the room.
    func join(_ room: RelayRoomName, from address: String, now: Date) async -> Result<(seat: Int, deliveries: AsyncStream<Delivery>), RelayRefusal> {
        var arrivals = arrivalsByAddress[address, default: []].filter { now.timeIntervalSince($0) < 60 }
        arrivals.append(now)
        arrivalsByAddress[address] = arrivals
        // Waited for before the counts are read: from here to the side's place nothing suspends, so joins
        // that waited together are counted one after another.
        let heard = await canHear()
        guard arrivals.count <= limits.arrivalsPerAddressPerMinute, openByAddress[address, default: 0] < limits.connectionsPerAddress else {
            metrics.relayRefusedConnection()
            return .failure(.addressBusy)
        }
        guard heard, open < limits.connections else {
            metrics.relayRefusedConnection()
            return .failure(.relayBusy)
        }
        // The side exists before the directory answers: the other side may tell it something first.
        let (deliveries, continuation) = AsyncStream.makeStream(of: Delivery.self, bufferingPolicy: .unbounded)
        nextSeat += 1
        let number = nextSeat
        open += 1
        openByAddress[address, default: 0] += 1
        sides[number] = Side(room: room, deliveries: continuation, opened: now, lastMessage: now)

        switch await directory.take(room, for: seat(number), now: now) {
        case .refused(let refusal):
            sides[number] = nil
            give(address)
            continuation.finish()
            metrics.relayRefusedConnection()
            return .failure(refusal)
        case .waiting:
            sides[number]?.placed = true
            metrics.relayJoined(paired: false)
        case .paired(let other, let opened):
            metrics.relayJoined(paired: true)
            guard var side = sides[number] else { break }
            side.placed = true
            side.other = other
            side.opened = opened
            sides[number] = side
            send(RelayNotice(room: room, from: seat(number), to: other, kind: .paired), now: now)
        }
        return .success((number, deliveries))
    }

    /// Carries `bytes` from `seat` to the other side of its room (held until it comes), or ends the room when
    /// they pass a bound.
    func carry(_ bytes: ByteBuffer, from number: Int, now: Date) async {
        guard var side = sides[number] else { return }
        side.carried += bytes.readableBytes
        side.lastMessage = now
        metrics.relayCarried(bytes.readableBytes)
        guard bytes.readableBytes <= limits.messageBytes, side.carried <= limits.roomBytes else { return await end(number, .tooMuch, now: now) }
        if let other = side.other {
            sides[number] = side
            send(RelayNotice(room: side.room, from: seat(number), to: other, kind: .bytes(bytes)), now: now)
        } else {
            side.heldBytes += bytes.readableBytes
            guard side.heldBytes <= limits.waitingBytes else { return await end(number, .tooMuch, now: now) }
            side.held.append(bytes)
            sides[number] = side
        }
    }

    /// What the other side of a room told one of this instance's seats.
    func receive(_ notice: RelayNotice, now: Date) {
        guard notice.to.instance == instance, var side = sides[notice.to.number], side.room == notice.room else { return }
        switch notice.kind {
        case .paired:
            guard side.other == nil else { return }
            side.other = notice.from
            side.lastMessage = now
            let held = side.held
            side.held = []
            side.heldBytes = 0
            sides[notice.to.number] = side
            for bytes in held { send(RelayNotice(room: side.room, from: notice.to, to: notice.from, kind: .bytes(bytes)), now: now) }
        case .bytes(let bytes):
            guard side.other == notice.from else { return }
            side.carried += bytes.readableBytes
            side.lastMessage = now
            sides[notice.to.number] = side
            side.deliveries.yield(.bytes(bytes))
        case .ended(let reason):
            guard side.other == nil || side.other == notice.from else { return }
            sides[notice.to.number] = nil
            side.deliveries.yield(.ended(reason))
            side.deliveries.finish()
        }
    }

    /// Ends `seat`'s room for both sides, for `reason`: it is used from now.
    func end(_ number: Int, _ reason: RelayRefusal, now: Date) async {
        guard let side = sides.removeValue(forKey: number) else { return }
        side.deliveries.yield(.ended(reason))
        side.deliveries.finish()
        await close(side, seat(number), because: .ended, telling: .ended(reason), now: now)
    }

    /// `seat`'s connection from `address` has closed: the other side is told and the room is used up. A room
    /// whose only side leaves before anyone came is forgotten (its side may come back).
    func leave(_ number: Int, from address: String, now: Date) async {
        metrics.relayLeft()
        give(address)
        guard let side = sides.removeValue(forKey: number) else { return }
        side.deliveries.finish()
        await close(side, seat(number), because: .left, telling: .ended(nil), now: now)
    }

    /// Ends every room past a time limit (nobody came, silence, lifetime) and forgets what has aged out.
    func sweep(now: Date) async {
        var ending: [(Int, RelayRefusal)] = []
        for (number, side) in sides where side.placed {
            if side.other == nil, now.timeIntervalSince(side.opened) >= limits.waiting {
                ending.append((number, .nobodyCame))
            } else if side.other != nil,
                now.timeIntervalSince(side.lastMessage) >= limits.silence || now.timeIntervalSince(side.opened) >= limits.lifetime
            {
                ending.append((number, .timeUp))
            }
        }
        for (number, reason) in ending { await end(number, reason, now: now) }
        arrivalsByAddress = arrivalsByAddress.compactMapValues { arrivals in
            let recent = arrivals.filter { now.timeIntervalSince($0) < 60 }
            return recent.isEmpty ? nil : recent
        }
        if nextPrune.map({ now >= $0 }) ?? true {
            nextPrune = now.addingTimeInterval(60)
            await directory.prune(now: now)
        }
    }

    /// How many relay connections are open here, and in how many rooms: what the tests and the metrics read.
    var counts: (connections: Int, rooms: Int) { (open, Set(sides.values.map(\.room)).count) }

    /// Whether notices from other instances reach this one, waiting a few seconds for it (an instance that
    /// has just started, or whose listening connection is being made again).
    private func canHear() async -> Bool {
        for _ in 0..<50 where !hearing { try? await Task.sleep(for: .milliseconds(100)) }
        return hearing
    }

    private func seat(_ number: Int) -> RelaySeat { RelaySeat(instance: instance, number: number) }

    private func give(_ address: String) {
        open -= 1
        openByAddress[address, default: 1] -= 1
        if openByAddress[address] == 0 { openByAddress[address] = nil }
    }

    /// Gives `side`'s place back and tells the room's other side, the one it knew and the one the directory
    /// knew (they differ only when the other came just now and its notice is still on its way).
    private func close(_ side: Side, _ me: RelaySeat, because end: RelaySeatEnd, telling kind: RelayNotice.Kind, now: Date) async {
        if let other = side.other { send(RelayNotice(room: side.room, from: me, to: other, kind: kind), now: now) }
        if let other = await directory.close(side.room, leaving: me, because: end, now: now), other != side.other {
            send(RelayNotice(room: side.room, from: me, to: other, kind: kind), now: now)
        }
    }

    /// Hands `notice` to its seat: here at once, or to the instance that holds it, in the order sent.
    private func send(_ notice: RelayNotice, now: Date) {
        if notice.to.instance == instance {
            receive(notice, now: now)
        } else {
            elsewhere?.yield(notice)
        }
    }
}
