// Establishes the one rule of a room's record, whichever directory keeps it: the first seat opens the
// room, the second pairs it, a third is turned away, and a room that ended stays used for a lifetime so
// a token's secret opens it once. A record an instance never closed (it stopped) ends by the clock all the
// same, as its room would have: nobody came within `waiting`, or its lifetime ran out.
import Foundation

/// What a directory keeps of one room.
struct RelayRoomRecord: Sendable, Equatable {
    var first: RelaySeat
    var second: RelaySeat?
    /// The first arrival: the room's waiting time and lifetime run from it.
    var opened: Date
    /// Set when the room ended: until then it refuses every seat.
    var usedUntil: Date?

    /// Until when this record refuses seats, when its room is over whether or not an instance said so; `nil`
    /// while the room may still be taken or carry.
    func refusesUntil(now: Date, limits: RelayLimits) -> Date? {
        if let usedUntil { return usedUntil }
        return now >= over(limits) ? forgetAt(limits: limits) : nil
    }

    /// When this record may be forgotten: a lifetime after its room is over.
    func forgetAt(limits: RelayLimits) -> Date {
        usedUntil ?? over(limits).addingTimeInterval(limits.lifetime)
    }

    /// When the room is over by the clock alone: nobody came within `waiting`, or its lifetime ran out.
    private func over(_ limits: RelayLimits) -> Date {
        opened.addingTimeInterval(second == nil ? limits.waiting : limits.lifetime)
    }

    /// The record after `seat` asks for a place in the room `record` describes (`nil`: nobody's), and the
    /// answer. The record is `nil` when the room is to be forgotten.
    static func take(_ record: RelayRoomRecord?, for seat: RelaySeat, now: Date, limits: RelayLimits) -> (RelayRoomRecord?, RelayDirectoryAnswer) {
        guard var record else { return (RelayRoomRecord(first: seat, opened: now), .waiting) }
        if let until = record.refusesUntil(now: now, limits: limits) {
            if until > now { return (record, .refused(.roomUsed)) }
            return (RelayRoomRecord(first: seat, opened: now), .waiting)
        }
        guard record.second == nil else { return (record, .refused(.roomFull)) }
        record.second = seat
        return (record, .paired(with: record.first, opened: record.opened))
    }

    /// The record after `seat` gives its place back, and the other seat to tell (if any). A room whose only
    /// side left is forgotten; any other end makes it used for a lifetime. A seat the record does not hold
    /// (the room was reopened since) changes nothing.
    static func close(
        _ record: RelayRoomRecord?, leaving seat: RelaySeat, because end: RelaySeatEnd, now: Date, limits: RelayLimits
    ) -> (RelayRoomRecord?, other: RelaySeat?) {
        guard var record, record.first == seat || record.second == seat, record.usedUntil == nil else { return (record, nil) }
        if record.second == nil, end == .left { return (nil, nil) }
        record.usedUntil = now.addingTimeInterval(limits.lifetime)
        return (record, record.first == seat ? record.second : record.first)
    }
}
