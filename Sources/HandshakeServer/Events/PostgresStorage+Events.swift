import Foundation
import HandshakeCore
import PostgresNIO

/// ``EventStorage`` on PostgreSQL, and the helpers the friend-request transactions call to record events
/// alongside the change they report.
///
/// Event ids come from an identity column, which hands out numbers at insert time, not at commit: two
/// transactions could commit 10 before 9, and a stream that had read 10 would never read 9. So a
/// transaction takes the advisory lock of each account it records events for (`lockEventLogs(of:on:)`)
/// before it inserts any: per account, ids are then handed out and committed in the same order, which is
/// all a stream (one account's events, after an id) needs. Each recorded event also queues a NOTIFY of
/// the account's Node ID on ``Configuration/channel``, which PostgreSQL delivers to every listening
/// instance when, and only if, the transaction commits.
extension PostgresStorage {
    /// ``EventStorage/events(of:after:limit:)`` on PostgreSQL, as the extension above describes.
    public func events(of account: NodeID, after: Int64, limit: Int) async throws -> [MailboxEvent] {
        try await rows("SELECT * FROM event WHERE account = \(account.rawValue) AND id > \(after) ORDER BY id LIMIT \(Int64(limit))")
            .map { row in
                let kindText = try row.string("kind")
                guard let kind = MailboxEvent.Kind(rawValue: kindText) else { throw StorageCorruption(column: "kind", value: kindText) }
                return MailboxEvent(
                    id: try row.int64("id") ?? 0, account: try row.nodeID("account"), kind: kind, requestID: try row.optionalString("request_id"),
                    peer: try row.optionalString("peer").flatMap { NodeID($0) }, pendingRequests: try row.int64("pending_requests").map { Int($0) },
                    createdAt: try row.date("created_at") ?? .distantPast)
            }
    }

    /// ``EventStorage/continueEventIDs(above:)`` on PostgreSQL: the identity column's sequence is set to
    /// `floor` when it has not reached it (so the next id is above it), in one statement: `setval` is not
    /// undone by a rollback, and instances starting together each only ever raise it.
    public func continueEventIDs(above floor: Int64) async throws {
        try await execute(
            """
            SELECT setval(seq, \(floor)) FROM (SELECT pg_get_serial_sequence('event', 'id')::regclass AS seq) AS s
            WHERE COALESCE(pg_sequence_last_value(seq), 0) < \(floor)
            """)
    }

    /// Takes the event-log locks of `accounts` (in one fixed order, so two transactions never wait on
    /// each other crosswise), held until the transaction ends.
    func lockEventLogs(of accounts: Set<NodeID>, on connection: PostgresConnection) async throws {
        for account in accounts.sorted() {
            try await lock(.eventLog, account.rawValue, on: connection)
        }
    }

    /// Records `kind` for `account` about `request` (whose other side is `peer`) and announces it, inside
    /// the caller's transaction, which holds `account`'s event-log lock.
    func recordEvent(_ kind: MailboxEvent.Kind, for account: NodeID, request: String, peer: NodeID, now: Date, on connection: PostgresConnection)
        async throws
    {
        try await execute(
            """
            INSERT INTO event (account, kind, request_id, peer, created_at)
            VALUES (\(account.rawValue), \(kind.rawValue), \(request), \(peer.rawValue), \(now.unixMillis))
            """, on: connection)
        try await announce(account, on: connection)
    }

    /// Records `account`'s current pending count as a `badge` event and announces it, inside the caller's
    /// transaction, which holds `account`'s event-log lock.
    func recordBadge(for account: NodeID, now: Date, on connection: PostgresConnection) async throws {
        try await execute(
            """
            INSERT INTO event (account, kind, pending_requests, created_at)
            SELECT \(account.rawValue), 'badge', count(*), \(now.unixMillis)
            FROM friend_request WHERE receiver = \(account.rawValue) AND status = 'pending'
            """, on: connection)
        try await announce(account, on: connection)
    }

    /// Queues a notification of `account` for every listening instance; sent on commit.
    func announce(_ account: NodeID, on connection: PostgresConnection) async throws {
        try await execute("SELECT pg_notify(\(configuration.channel), \(account.rawValue))", on: connection)
    }
}
