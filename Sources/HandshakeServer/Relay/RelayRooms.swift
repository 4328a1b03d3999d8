// Establishes the relay's rooms on one instance (docs/protocols/nearby-relay.md §3): the first arrival waits,
// the second is paired with it, a third is turned away; what one side sends reaches the other, in order, and
// nothing else does. Every bound of RelayLimits is decided here, against the server's clock, so the rules
// are tested without a socket; RelaySession only moves messages between a WebSocket and its seat.
//
// What it does not do: read what it carries. The two sides run the secure channel end to end through it
// (nearby-channel.md), keyed by a secret the room's name does not reveal.
import Foundation
import NIOCore

/// The rooms of one instance, and who holds how many connections.
actor RelayRooms {
    /// What reaches a seat: the other side's bytes, then the end of the room (`nil`: the other side left).
    enum Delivery: Sendable {
        case bytes(ByteBuffer)
        case ended(RelayRefusal?)
    }

    /// A place in a room: where its deliveries go.
    struct Seat: Sendable {
        let id: Int
        let deliveries: AsyncStream<Delivery>.Continuation
    }

    private struct Room {
        var seats: [Seat]
        /// What the first side sent before the second came, handed over on arrival.
        var held: [ByteBuffer] = []
        var heldBytes = 0
        var carried = 0
        let opened: Date
        var lastMessage: Date
        var isPaired: Bool { seats.count == 2 }
    }

    private let limits: RelayLimits
    private let metrics: MailboxMetrics
    private var rooms: [RelayRoomName: Room] = [:]
    /// Rooms that were used, for a lifetime after they ended: a token's secret opens one room once.
    private var used: [RelayRoomName: Date] = [:]
    private var openByAddress: [String: Int] = [:]
    private var arrivalsByAddress: [String: [Date]] = [:]
    private var open = 0
    private var nextSeat = 0

    init(limits: RelayLimits, metrics: MailboxMetrics) {
        self.limits = limits
        self.metrics = metrics
    }

    /// A seat in `room` for a connection from `address`, or why not. The seat's deliveries end with the room.
    func join(_ room: RelayRoomName, from address: String, now: Date) -> Result<(seat: Int, deliveries: AsyncStream<Delivery>), RelayRefusal> {
        let joined = seat(in: room, from: address, now: now)
        switch joined {
        case .success: metrics.relayJoined(paired: rooms[room]?.isPaired == true)
        case .failure: metrics.relayRefusedConnection()
        }
        return joined
    }

    private func seat(in room: RelayRoomName, from address: String, now: Date) -> Result<(seat: Int, deliveries: AsyncStream<Delivery>), RelayRefusal> {
        var arrivals = arrivalsByAddress[address, default: []].filter { now.timeIntervalSince($0) < 60 }
        arrivals.append(now)
        arrivalsByAddress[address] = arrivals
        guard arrivals.count <= limits.arrivalsPerAddressPerMinute, openByAddress[address, default: 0] < limits.connectionsPerAddress else {
            return .failure(.addressBusy)
        }
        guard open < limits.connections else { return .failure(.relayBusy) }
        if let until = used[room], until > now { return .failure(.roomUsed) }
        if let existing = rooms[room], existing.seats.count >= 2 { return .failure(.roomFull) }

        let (deliveries, continuation) = AsyncStream.makeStream(of: Delivery.self, bufferingPolicy: .unbounded)
        nextSeat += 1
        let seat = Seat(id: nextSeat, deliveries: continuation)
        open += 1
        openByAddress[address, default: 0] += 1
        if var waiting = rooms[room] {
            for bytes in waiting.held { continuation.yield(.bytes(bytes)) }
            waiting.held = []
            waiting.seats.append(seat)
            waiting.lastMessage = now
            rooms[room] = waiting
        } else {
            rooms[room] = Room(seats: [seat], opened: now, lastMessage: now)
        }
        return .success((seat.id, deliveries))
    }

    /// Carries `bytes` from `seat` to the other side of `room` (held until it comes), or ends the room when
    /// they pass a bound.
    func carry(_ bytes: ByteBuffer, in name: RelayRoomName, from seat: Int, now: Date) {
        guard var room = rooms[name], room.seats.contains(where: { $0.id == seat }) else { return }
        room.carried += bytes.readableBytes
        room.lastMessage = now
        metrics.relayCarried(bytes.readableBytes)
        guard bytes.readableBytes <= limits.messageBytes, room.carried <= limits.roomBytes else { return end(name, .tooMuch, now: now) }
        if let other = room.seats.first(where: { $0.id != seat }) {
            other.deliveries.yield(.bytes(bytes))
        } else {
            room.heldBytes += bytes.readableBytes
            guard room.heldBytes <= limits.waitingBytes else { return end(name, .tooMuch, now: now) }
            room.held.append(bytes)
        }
        rooms[name] = room
    }

    /// Ends `room` for both sides, for `reason`.
    func end(_ name: RelayRoomName, _ reason: RelayRefusal, now: Date) {
        guard let room = rooms.removeValue(forKey: name) else { return }
        for seat in room.seats {
            seat.deliveries.yield(.ended(reason))
            seat.deliveries.finish()
        }
        used[name] = now.addingTimeInterval(limits.lifetime)
    }

    /// `seat`'s connection from `address` has closed: the other side is told and the room is used up. A room
    /// whose only side leaves before anyone came is forgotten (its side may come back).
    func leave(_ name: RelayRoomName, seat: Int, from address: String, now: Date) {
        metrics.relayLeft()
        open -= 1
        openByAddress[address, default: 1] -= 1
        if openByAddress[address] == 0 { openByAddress[address] = nil }
        guard var room = rooms[name], let index = room.seats.firstIndex(where: { $0.id == seat }) else { return }
        let leaving = room.seats.remove(at: index)
        leaving.deliveries.finish()
        guard let other = room.seats.first else {
            rooms[name] = nil
            return
        }
        rooms[name] = nil
        used[name] = now.addingTimeInterval(limits.lifetime)
        other.deliveries.yield(.ended(nil))
        other.deliveries.finish()
    }

    /// Ends every room past a time limit (nobody came, silence, lifetime) and forgets what has aged out.
    func sweep(now: Date) {
        for (name, room) in rooms {
            if !room.isPaired, now.timeIntervalSince(room.opened) >= limits.waiting {
                end(name, .nobodyCame, now: now)
            } else if room.isPaired,
                now.timeIntervalSince(room.lastMessage) >= limits.silence || now.timeIntervalSince(room.opened) >= limits.lifetime
            {
                end(name, .timeUp, now: now)
            }
        }
        used = used.filter { $0.value > now }
        arrivalsByAddress = arrivalsByAddress.compactMapValues { arrivals in
            let recent = arrivals.filter { now.timeIntervalSince($0) < 60 }
            return recent.isEmpty ? nil : recent
        }
    }

    /// How many relay connections are open, and how many rooms: what the tests and the metrics read.
    var counts: (connections: Int, rooms: Int) { (open, rooms.count) }
}
