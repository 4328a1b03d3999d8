// Establishes the directory of one process: the rooms' records in memory, for a server that is the only
// instance (SQLite). Nothing of a room outlives the process, as nothing of it would be of use after.
import Foundation

/// The rooms' records in this process.
actor MemoryRelayDirectory: RelayDirectory {
    private let limits: RelayLimits
    private var records: [RelayRoomName: RelayRoomRecord] = [:]

    init(limits: RelayLimits) { self.limits = limits }

    func take(_ room: RelayRoomName, for seat: RelaySeat, now: Date) -> RelayDirectoryAnswer {
        let (record, answer) = RelayRoomRecord.take(records[room], for: seat, now: now, limits: limits)
        records[room] = record
        return answer
    }

    func close(_ room: RelayRoomName, leaving seat: RelaySeat, because end: RelaySeatEnd, now: Date) -> RelaySeat? {
        let (record, other) = RelayRoomRecord.close(records[room], leaving: seat, because: end, now: now, limits: limits)
        records[room] = record
        return other
    }

    func prune(now: Date) {
        records = records.filter { _, record in record.forgetAt(limits: limits) > now }
    }

    /// How many rooms have a record: what the tests read.
    var count: Int { records.count }
}
