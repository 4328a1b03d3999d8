import Foundation
import GRDB
import HandshakeCore

/// The mailbox's storage in one SQLite file (or in memory, for tests), through GRDB.
///
/// A file is opened as a WAL pool: reads run in parallel, writes one at a time, each in a transaction.
/// The migrations in `SQLiteSchema` run when it opens. Every access ends within ``answerLimit``
/// (`DatabaseDeadline`): a file another program holds locked (a `sqlite3` shell inside `BEGIN EXCLUSIVE`)
/// or a disk that stops answering makes requests `503 database_unavailable` with `Retry-After`, not a queue of
/// requests each waiting its turn for the lock. What it does not do: share state between server instances
/// on different machines — that is what ``PostgresStorage`` is for.
public struct SQLiteStorage: MailboxStorage {
    let writer: any DatabaseWriter
    /// Held while this storage serves a file: a second server on the same file is refused.
    let lock: SingleServerLock?
    /// The migrations applied when it was opened, oldest first.
    let migrationsApplied: [String]

    /// Opens (creating if needed, readable by its owner alone) the database file at `path` and brings its
    /// schema up to date. Each access ends within `answerLimit` (``answerLimit``).
    /// - Throws: ``MailboxStorageError/databaseInUse(_:)`` when another server already serves the file.
    public init(path: String, answerLimit: Duration = .seconds(4)) throws {
        lock = try SingleServerLock(databasePath: path)
        try PrivateDatabaseFile.create(at: path)
        var configuration = Configuration()
        // A second below the answer limit, so a write that waited its full time for the lock is answered as busy.
        configuration.busyMode = .timeout(TimeInterval(max(1, answerLimit.components.seconds - 1)))
        writer = try DatabasePool(path: path, configuration: configuration)
        migrationsApplied = try SQLiteSchema.migrate(writer)
        self.answerLimit = answerLimit
    }

    /// A private in-memory database, gone when the value is: for tests, and `sqlite::memory:`.
    public static func inMemory(answerLimit: Duration = .seconds(4)) throws -> SQLiteStorage {
        try SQLiteStorage(writer: DatabaseQueue(), answerLimit: answerLimit)
    }

    init(writer: any DatabaseWriter, answerLimit: Duration) throws {
        self.writer = writer
        lock = nil
        migrationsApplied = try SQLiteSchema.migrate(writer)
        self.answerLimit = answerLimit
    }

    /// The migrations applied when the file was opened (it migrates then, before the server starts).
    @discardableResult
    public func prepare() async throws -> [String] { migrationsApplied }

    /// Whether a trivial query succeeds.
    public func isHealthy() async -> Bool {
        (try? await read { db in try Int.fetchOne(db, sql: "SELECT 1") }) == 1
    }

    /// How long one access may take, waiting for the write lock included, before the request is answered
    /// `503` (4 s unless given); the access itself is cancelled (GRDB rolls it back) and ends in the background.
    public let answerLimit: Duration

    /// `updates` in a write transaction, within ``answerLimit``.
    /// - Throws: `MailboxError.databaseUnavailable` past the limit or when the file stayed locked; otherwise
    ///   what `updates` throws.
    func write<Value: Sendable>(_ updates: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        let writer = writer
        return try await bounded { try await writer.write(updates) }
    }

    /// `value` read from a snapshot, within ``answerLimit``.
    func read<Value: Sendable>(_ value: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        let writer = writer
        return try await bounded { try await writer.read(value) }
    }

    /// The count and oldest time of a `count(*) AS n, min(…) AS oldest` row: what a backend counted for a ``WindowLimit``.
    static func windowCount(_ row: Row?) -> WindowCount {
        WindowCount(count: row?["n"] ?? 0, oldest: row?.date("oldest"))
    }

    private func bounded<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        do {
            return try await DatabaseDeadline.run(within: answerLimit, work)
        } catch is DatabaseDeadline.Passed {
            throw DatabaseDeadline.unavailable
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            throw DatabaseDeadline.unavailable
        }
    }
}

extension Row {
    /// The Node ID in `column`; a stored value that is not one is a corrupted database.
    func nodeID(_ column: String) throws -> NodeID {
        let text: String = self[column]
        guard let nodeID = NodeID(text) else { throw StorageCorruption(column: column, value: text) }
        return nodeID
    }

    /// The bytes in a BLOB `column`, or `nil` for NULL.
    func bytes(_ column: String) -> [UInt8]? {
        (self[column] as Data?).map { Array($0) }
    }

    /// The date in an INTEGER (Unix ms) `column`, or `nil` for NULL.
    func date(_ column: String) -> Date? {
        (self[column] as Int64?).map { Date(unixMillis: $0) }
    }
}

/// A stored value the schema does not allow: a database edited by hand or damaged.
struct StorageCorruption: Error, CustomStringConvertible {
    let column: String
    let value: String
    var description: String { "the database holds \(value.debugDescription) in \(column), which is not valid there" }
}
