import Foundation
import GRDB
import HandshakeCore

/// The local contact book: everyone the owner added, their signed cards, and what only the owner knows
/// about them. One SQLite file in WAL mode, written in transactions, so a crash at any moment leaves the
/// book as it was after the last completed change.
///
/// Nothing is stored by ``receive(_:source:now:)``: it only says what adding the card would do. The
/// person confirms, then ``add(_:source:trust:now:mergingInto:)`` or ``applyUpdate(_:source:now:)``
/// stores it — and each re-checks the decision inside its transaction, so a card that became stale in
/// between is not stored by mistake.
public final class ContactBook: Sendable {
    let writer: any DatabaseWriter

    /// Opens (creating if needed) the book at `path` and brings its schema up to date.
    public init(path: String) throws {
        var configuration = Configuration()
        // Several commands may run at once (a long import and a `contacts` listing): wait for the writer.
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // WAL + FULL: a committed transaction survives a crash of the process and of the machine.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            writer = try Self.openAndMigrate(path: path, configuration: configuration)
        } catch let error as DatabaseError {
            throw ContactBookError.unavailable(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    /// Opens the pool and brings the schema up to date, when another process may be doing the same.
    ///
    /// GRDB's migrator looks at the applied migrations before it takes the write lock, so two commands
    /// started together on a fresh home both try to create the tables: the loser fails with "table
    /// already exists" or "database is locked". The loser looks again and, once the winner's schema is
    /// complete, goes on with it; each migration is one transaction, so it never sees half a schema.
    private static func openAndMigrate(path: String, configuration: Configuration) throws -> DatabasePool {
        let attempts = 8
        for attempt in 1... {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                do {
                    try BookSchema.migrator.migrate(pool)
                } catch let error as DatabaseError where Self.mayBeARace(error) {
                    let complete = try? pool.read { db in try BookSchema.migrator.hasCompletedMigrations(db) }
                    if complete == true { return pool }
                    throw error
                }
                return pool
            } catch let error as DatabaseError where Self.mayBeARace(error) && attempt < attempts {
                // The other process is still writing its schema: give it a moment.
                usleep(useconds_t(20_000 * attempt))
            }
        }
        preconditionFailure("unreachable: the last attempt returns or throws")
    }

    /// Errors another process's concurrent schema creation can cause. A file that is not a database or
    /// cannot be opened fails at once instead of being retried.
    private static func mayBeARace(_ error: DatabaseError) -> Bool {
        [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_ERROR].contains(error.resultCode)
    }

    /// A book held in memory, for tests and previews.
    public init() throws {
        writer = try DatabaseQueue()
        try BookSchema.migrator.migrate(writer)
    }

    /// The names of the migrations applied, oldest first.
    public func appliedMigrations() throws -> [String] {
        try writer.read { db in try BookSchema.migrator.appliedIdentifiers(db).sorted() }
    }

    /// `PRAGMA integrity_check`'s verdict: `["ok"]` for a sound file.
    public func integrityCheck() throws -> [String] {
        try writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// How many contacts the book holds.
    public func count() throws -> Int {
        try writer.read { db in try ContactRecord.fetchCount(db) }
    }
}

extension ContactBook {
    /// SQLite's journal mode for this book (`wal` for a file).
    public func journalMode() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }
}
