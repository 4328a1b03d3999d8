import Foundation
import HandshakeCore
import Logging
import PostgresNIO
import ServiceLifecycle

/// The mailbox's storage in a PostgreSQL database, shared by any number of server instances.
///
/// Each instance holds a connection pool (``PostgresPool``, a service that runs beside the server, which
/// also decides what an outage looks like to clients) and one more connection that LISTENs for the events
/// other instances record (``PostgresEventRelay``). The schema is
/// `PostgresSchema`: the SQLite tables with PostgreSQL types, migrated at start under an advisory lock so
/// instances starting together do not race. What must hold across instances holds in the database itself:
/// a share link is burned by a conditional `UPDATE … RETURNING`, the hourly link count is taken under a
/// per-account transaction lock, and event ids are handed out under a per-account lock so a stream
/// never reads past an event that is not committed yet.
public struct PostgresStorage: MailboxStorage {
    /// The connection pool; it must run (``services(waking:)``) for any query to be answered.
    public let pool: PostgresPool
    /// Where the tables are and which channel events are announced on.
    public let configuration: Configuration
    let logger: Logger

    /// A storage over the database `configuration` names. Nothing is opened until the pool runs; the
    /// schema is migrated by ``prepare()``. The pool logs through `logger` (by default at `LOG_LEVEL`,
    /// or `warning`: its connection attempts are noise unless something is wrong).
    public init(configuration: Configuration, logger: Logger = PostgresStorage.defaultLogger()) {
        self.configuration = configuration
        self.logger = logger
        pool = PostgresPool(configuration: configuration, logger: logger)
    }

    /// Waits for the database to answer, then runs the migrations of `PostgresSchema` it has not had yet,
    /// under an advisory lock, however long they take.
    ///
    /// A database that refuses for good (a wrong password, no such database, TLS it does not offer) is
    /// reported at once, with its cause; one that does not answer yet is asked again every half second,
    /// until ``Configuration/startTimeout`` or graceful shutdown.
    /// - Returns: the names of the migrations applied, oldest first.
    /// - Throws: ``PostgresUnavailable`` with the cause last seen.
    @discardableResult
    public func prepare() async throws -> [String] {
        let timeout = configuration.startTimeout
        let deadline = ContinuousClock.now + timeout
        var lastFailure: PostgresFailure?
        while true {
            do {
                try await pool.probe()
                break
            } catch {
                lastFailure = error
                if error.isLasting || ContinuousClock.now + .milliseconds(500) > deadline {
                    throw PostgresUnavailable(configuration: configuration, timeout: timeout, lastFailure: error)
                }
                logger.info("waiting for PostgreSQL", metadata: ["cause": "\(error.description)"])
            }
            try? await Task.sleep(for: .milliseconds(500))
            if Task.isShuttingDownGracefully || Task.isCancelled {
                throw PostgresUnavailable(stoppedWaitingAfter: lastFailure)
            }
        }
        guard await answers(within: max(.seconds(1), deadline - .now)) else {
            throw PostgresUnavailable(configuration: configuration, timeout: timeout, lastFailure: nil)
        }
        return try await PostgresSchema.migrate(self)
    }

    /// The pool's logger: label `handshake.server.postgres`, level from `LOG_LEVEL`, else `warning`.
    public static func defaultLogger() -> Logger {
        var logger = Logger(label: "handshake.server.postgres")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) } ?? .warning
        return logger
    }

    /// The pool, and the listener that wakes this instance's streams when any instance records events.
    public func services(waking broadcaster: EventBroadcaster) -> [any Service] {
        [pool, PostgresEventRelay(pool: pool, channel: configuration.channel, broadcaster: broadcaster, logger: logger)]
    }

    /// Whether a trivial query succeeds within 2 s (what `/health` reports): false at once during an outage.
    public func isHealthy() async -> Bool {
        await answers(within: .seconds(2))
    }

    /// Whether `SELECT 1` succeeds within `limit`, waiting for a connection included. Past the limit the
    /// answer is false at once (`DatabaseDeadline`), and the pool counts the database as unavailable.
    func answers(within limit: Duration) async -> Bool {
        let logger = logger
        let one = try? await pool.withConnection(within: limit) { connection in
            try await connection.query("SELECT 1::BIGINT AS one", logger: logger).collect().first?.makeRandomAccess().int64("one")
        }
        return one == 1
    }

    /// Runs `body` in a transaction on one pooled connection: committed if it returns, rolled back if it
    /// throws (and its error rethrown as it is, so a `MailboxError` reaches the routes unchanged). All of it
    /// within ``PostgresPool/answerLimit``.
    func transaction<Value: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Value) async throws -> Value {
        try await transaction(within: pool.answerLimit, body)
    }

    /// ``transaction(_:)`` within `limit`; `nil` for no limit (the migrations, which may take long on a large table).
    func transaction<Value: Sendable>(
        within limit: Duration?, _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let logger = logger
        let work: @Sendable (PostgresConnection) async throws -> Value = { connection in
            try await connection.query("BEGIN", logger: logger)
            let value: Value
            do {
                value = try await body(connection)
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
            try await connection.query("COMMIT", logger: logger)
            return value
        }
        return try await pool.withConnection(within: limit, work)
    }

    /// The rows `query` returns, read into memory, on `connection` or on any pooled connection.
    func rows(_ query: PostgresQuery, on connection: PostgresConnection? = nil) async throws -> [PostgresRandomAccessRow] {
        guard let connection else { return try await pool.rows(query) }
        return try await connection.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
    }

    /// Runs a statement whose rows (if any) are not needed, on `connection` or on any pooled connection.
    func execute(_ query: PostgresQuery, on connection: PostgresConnection? = nil) async throws {
        guard let connection else {
            _ = try await pool.rows(query)
            return
        }
        _ = try await connection.query(query, logger: logger).collect()
    }

    /// The count and oldest time of a `count(*) AS n, min(…) AS oldest` row: what a backend counted for a ``WindowLimit``.
    static func windowCount(_ row: PostgresRandomAccessRow?) throws -> WindowCount {
        WindowCount(count: Int(try row?.int64("n") ?? 0), oldest: try row?.date("oldest"))
    }

    /// Takes a transaction-scoped advisory lock on `key` in the lock space `space`: held until the
    /// transaction ends, so every transaction taking the same lock runs after the previous one committed.
    func lock(_ space: PostgresLockSpace, _ key: String, on connection: PostgresConnection) async throws {
        try await execute("SELECT pg_advisory_xact_lock(\(space.rawValue), hashtext(\(key)))", on: connection)
    }
}

/// The lock spaces of the transaction-scoped advisory locks (the first key of `pg_advisory_xact_lock(int, int)`).
enum PostgresLockSpace: Int32 {
    /// A schema's migrations: instances migrating the same schema take turns.
    case migration = 0
    /// An account's event log: events are numbered and committed one transaction at a time per account.
    case eventLog = 1
    /// An account's share-link count for the hourly limit.
    case shareLinkCount = 2
    /// A pair of accounts: at most one pending request between them.
    case requestPair = 3
    /// An account's wallet-pass signature count for the hourly limit.
    case passSignatureCount = 4
    /// An account's count of friend requests sent, for the hourly limit.
    case requestsSent = 5
    /// An account's count of friend requests received by Node ID, for the hourly limit.
    case requestsReceived = 6
    /// A relay room's record: instances seating the same room take turns.
    case relayRoom = 7
}

extension PostgresRandomAccessRow {
    /// The text in `column`.
    func string(_ column: String) throws -> String { try self[column].decode(String.self) }
    /// The text in `column`, or `nil` for NULL.
    func optionalString(_ column: String) throws -> String? { try self[column].decode(String?.self) }
    /// The BIGINT in `column`, or `nil` for NULL.
    func int64(_ column: String) throws -> Int64? { try self[column].decode(Int64?.self) }
    /// The bytes in a BYTEA `column`, or `nil` for NULL.
    func bytes(_ column: String) throws -> [UInt8]? { try self[column].decode(ByteBuffer?.self).map { Array(buffer: $0) } }
    /// The date in a BIGINT (Unix ms) `column`, or `nil` for NULL.
    func date(_ column: String) throws -> Date? { try int64(column).map { Date(unixMillis: $0) } }

    /// The Node ID in `column`; a stored value that is not one is a corrupted database.
    func nodeID(_ column: String) throws -> NodeID {
        let text = try string(column)
        guard let nodeID = NodeID(text) else { throw StorageCorruption(column: column, value: text) }
        return nodeID
    }
}

extension Array where Element == UInt8 {
    /// These bytes as a BYTEA bind.
    var bytea: ByteBuffer { ByteBuffer(bytes: self) }
}
