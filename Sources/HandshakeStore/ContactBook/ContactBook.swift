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
            writer = try DatabasePool(path: path, configuration: configuration)
            try BookSchema.migrator.migrate(writer)
        } catch let error as DatabaseError {
            throw ContactBookError.unavailable(path: path, reason: error.message ?? "\(error.resultCode)")
        }
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
