import Foundation
import GRDB
import HandshakeCore

/// The mailbox's storage in one SQLite file (or in memory, for tests), through GRDB.
///
/// A file is opened as a WAL pool: reads run in parallel, writes one at a time, each in a transaction.
/// The migrations in `SQLiteSchema` run when it opens. What it does not do: share state between
/// server instances on different machines — that is what ``PostgresStorage`` is for.
public struct SQLiteStorage: MailboxStorage {
    let writer: any DatabaseWriter
    /// Held while this storage serves a file: a second server on the same file is refused.
    let lock: SingleServerLock?
    /// The migrations applied when it was opened, oldest first.
    let migrationsApplied: [String]

    /// Opens (creating if needed, readable by its owner alone) the database file at `path` and brings its
    /// schema up to date.
    /// - Throws: ``MailboxStorageError/databaseInUse(_:)`` when another server already serves the file.
    public init(path: String) throws {
        lock = try SingleServerLock(databasePath: path)
        try PrivateDatabaseFile.create(at: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        writer = try DatabasePool(path: path, configuration: configuration)
        migrationsApplied = try SQLiteSchema.migrate(writer)
    }

    /// A private in-memory database, gone when the value is: for tests.
    public static func inMemory() throws -> SQLiteStorage {
        try SQLiteStorage(writer: DatabaseQueue())
    }

    init(writer: any DatabaseWriter) throws {
        self.writer = writer
        lock = nil
        migrationsApplied = try SQLiteSchema.migrate(writer)
    }

    /// The migrations applied when the file was opened (it migrates then, before the server starts).
    @discardableResult
    public func prepare() async throws -> [String] { migrationsApplied }

    /// Whether a trivial query succeeds.
    public func isHealthy() async -> Bool {
        (try? await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }) == 1
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
