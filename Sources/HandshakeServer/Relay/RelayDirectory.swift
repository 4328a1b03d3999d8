// Establishes where the relay keeps which seats a room has, so that the two sides of a room may reach
// different instances: one process keeps it in memory (MemoryRelayDirectory), instances sharing a
// PostgreSQL database keep it there (PostgresStorage+Relay.swift). Either applies the same rule, written
// once in RelayRoomRecord; the directory only makes each change one at a time per room.
import Foundation

/// What the directory says to a seat that asks for a place in a room.
enum RelayDirectoryAnswer: Sendable, Equatable {
    /// The room was empty: this seat waits for the other side.
    case waiting
    /// The other side waits at `seat`; the room was opened at `opened` (its lifetime runs from then).
    case paired(with: RelaySeat, opened: Date)
    /// No place, and why.
    case refused(RelayRefusal)
}

/// Why a seat gives its place back.
enum RelaySeatEnd: Sendable, Equatable {
    /// Its connection closed: a room nobody else came to is forgotten (the side may come back).
    case left
    /// A rule ended the room: it is used, whoever was in it.
    case ended
}

/// Which seats each room has, for every instance that may hold one of them.
protocol RelayDirectory: Sendable {
    /// A place for `seat` in `room`, decided by ``RelayRoomRecord/take(_:for:now:limits:)``. A directory that
    /// cannot answer (the database is down) refuses with ``RelayRefusal/relayBusy``.
    func take(_ room: RelayRoomName, for seat: RelaySeat, now: Date) async -> RelayDirectoryAnswer

    /// `seat` gives its place in `room` back (``RelayRoomRecord/close(leaving:because:now:limits:)``).
    /// - Returns: the room's other seat, when one was there: it must be told the room ended.
    func close(_ room: RelayRoomName, leaving seat: RelaySeat, because end: RelaySeatEnd, now: Date) async -> RelaySeat?

    /// Forgets the rooms whose time is over (used rooms past their lifetime, rooms abandoned by an
    /// instance that stopped).
    func prune(now: Date) async
}
