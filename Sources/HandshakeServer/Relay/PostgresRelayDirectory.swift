// Establishes the relay's directory for instances sharing one PostgreSQL database: a room's record is a
// row of `relay_room`, changed under the room's advisory lock so two instances seating the same room take
// turns, by the rule RelayRoomRecord states. The table is UNLOGGED: a room lives minutes, and after a
// crash of the database no room it held could go on anyway.
import Foundation
import PostgresNIO

/// The rooms' records in PostgreSQL.
struct PostgresRelayDirectory: RelayDirectory {
    let storage: PostgresStorage
    let limits: RelayLimits

    func take(_ room: RelayRoomName, for seat: RelaySeat, now: Date) async -> RelayDirectoryAnswer {
        let limits = limits
        let answer = try? await change(room) { record in RelayRoomRecord.take(record, for: seat, now: now, limits: limits) }
        return answer ?? .refused(.relayBusy)
    }

    func close(_ room: RelayRoomName, leaving seat: RelaySeat, because end: RelaySeatEnd, now: Date) async -> RelaySeat? {
        let limits = limits
        let other = try? await change(room) { record in RelayRoomRecord.close(record, leaving: seat, because: end, now: now, limits: limits) }
        return other ?? nil
    }

    func prune(now: Date) async {
        try? await storage.execute("DELETE FROM relay_room WHERE forget_at <= \(now.unixMillis)")
    }

    /// Reads `room`'s record under its lock, and writes what `rule` makes of it.
    private func change<Answer: Sendable>(
        _ room: RelayRoomName, _ rule: @escaping @Sendable (RelayRoomRecord?) -> (RelayRoomRecord?, Answer)
    ) async throws -> Answer {
        let (storage, limits) = (storage, limits)
        return try await storage.transaction { connection in
            try await storage.lock(.relayRoom, room.text, on: connection)
            let rows = try await storage.rows(
                """
                SELECT first_instance, first_seat, second_instance, second_seat, opened_at, used_until
                FROM relay_room WHERE name = \(room.text)
                """, on: connection)
            let (record, answer) = rule(try rows.first.map(Self.record))
            if let record {
                try await storage.execute(
                    """
                    INSERT INTO relay_room (name, first_instance, first_seat, second_instance, second_seat, opened_at, used_until, forget_at)
                    VALUES (\(room.text), \(record.first.instance.text), \(Int64(record.first.number)), \(record.second?.instance.text),
                            \(record.second.map { Int64($0.number) }), \(record.opened.unixMillis), \(record.usedUntil?.unixMillis),
                            \(record.forgetAt(limits: limits).unixMillis))
                    ON CONFLICT (name) DO UPDATE SET
                        first_instance = excluded.first_instance, first_seat = excluded.first_seat,
                        second_instance = excluded.second_instance, second_seat = excluded.second_seat,
                        opened_at = excluded.opened_at, used_until = excluded.used_until, forget_at = excluded.forget_at
                    """, on: connection)
            } else {
                try await storage.execute("DELETE FROM relay_room WHERE name = \(room.text)", on: connection)
            }
            return answer
        }
    }

    private static func record(_ row: PostgresRandomAccessRow) throws -> RelayRoomRecord {
        func seat(_ instance: String, _ number: String) throws -> RelaySeat? {
            guard let text = try row.optionalString(instance), let number = try row.int64(number) else { return nil }
            guard let id = RelayInstanceID(Substring(text)) else { throw StorageCorruption(column: instance, value: text) }
            return RelaySeat(instance: id, number: Int(number))
        }
        guard let first = try seat("first_instance", "first_seat"), let opened = try row.date("opened_at") else {
            throw StorageCorruption(column: "first_instance", value: "")
        }
        return RelayRoomRecord(first: first, second: try seat("second_instance", "second_seat"), opened: opened, usedUntil: try row.date("used_until"))
    }
}
