import Foundation
import GRDB
import HandshakeCore

/// The local contact book: everyone the owner added, their signed cards, and what only the owner knows
/// about them. One SQLite database (a file in WAL mode, or one in memory for previews), written in transactions, so a crash at any moment leaves the book as it was after
/// the last completed change.
///
/// An app reads the list once (``contacts(_:)``) or keeps it current (``observeContacts(_:)``,
/// ``observeContact(id:)``), and reads a contact's signed card, verified again, with ``card(of:)``.
///
/// Nothing is stored by ``preview(_:)``: it only says what adding the card would do. The
/// person answers, then ``receive(_:source:answer:now:)`` stores it by the one receive rule — which
/// decides again inside its transaction, so a card that became stale in between is not stored by mistake.
public final class ContactBook: Sendable {
    let writer: any DatabaseWriter

    /// Opens the book on a database already opened, and brings its schema up to date.
    ///
    /// Inside the package only (its tests open a `DatabaseQueue` or `DatabasePool` of their own): an app
    /// opens its book at a file with ``init(url:configuration:)`` (tuned by a GRDB `Configuration`) or in
    /// memory with ``init()``, and never hands the book a database of its own. The book's tables are created (or
    /// upgraded) in it by named migrations; other tables of the app's own are left alone, but their names
    /// must not collide with the book's (`contact`, `cardHistory`, `contactTag`, `contactPreference`,
    /// `userPreference`, `contactSearch`, `exchange`). The writer needs foreign keys on, as GRDB's default
    /// `Configuration` has them: deleting a contact deletes its history, tags and meetings by cascade.
    ///
    /// - Throws: ``ContactBookError/unavailable(path:reason:)`` when the schema cannot be brought up to
    ///   date (the file is not a database, is read-only, or holds a newer schema than this version knows).
    package init(writer: any DatabaseWriter) throws {
        do {
            try Self.migrate(writer)
        } catch let error as DatabaseError {
            throw ContactBookError.unavailable(path: writer.path, reason: error.message ?? "\(error.resultCode)")
        }
        self.writer = writer
    }

    /// Opens (creating if needed) the book file at `url` as a GRDB `DatabasePool` and brings its schema up
    /// to date.
    ///
    /// `configuration` is the app's (a `Configuration` with its own tracing, label, read-only-ness or
    /// queue priority; a read-only configuration opens a book whose schema is already up to date); the
    /// book adds what it relies on: `PRAGMA synchronous = FULL` (with WAL, a
    /// committed change survives a crash of the process and of the machine), foreign keys on, and, when
    /// the configuration leaves `busyMode` at `.immediateError`, a 10-second wait for another process
    /// that is writing (two commands, or an app and its extension, may use one book at once).
    ///
    /// - Throws: ``ContactBookError/unavailable(path:reason:)`` when the file cannot be opened as a book.
    public init(url: URL, configuration: Configuration = Configuration()) throws {
        var configuration = configuration
        configuration.foreignKeysEnabled = true
        if case .immediateError = configuration.busyMode {
            configuration.busyMode = .timeout(10)
        }
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            writer = try Self.openAndMigrate(path: url.path, configuration: configuration)
        } catch let error as DatabaseError {
            throw ContactBookError.unavailable(path: url.path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    /// Opens (creating if needed) the book file at `path` with the book's own configuration; the same as
    /// ``init(url:configuration:)`` with a default `Configuration`.
    public convenience init(path: String) throws {
        try self.init(url: URL(fileURLWithPath: path))
    }

    /// A book held in memory, for tests and previews.
    public convenience init() throws {
        try self.init(writer: DatabaseQueue())
    }

    /// Opens the pool and brings the schema up to date, when another process may be doing the same.
    private static func openAndMigrate(path: String, configuration: Configuration) throws -> DatabasePool {
        let attempts = 8
        for attempt in 1... {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try migrate(pool)
                return pool
            } catch let error as DatabaseError where Self.mayBeARace(error) && attempt < attempts {
                // The other process is still writing its schema: give it a moment.
                usleep(useconds_t(20_000 * attempt))
            }
        }
        preconditionFailure("unreachable: the last attempt returns or throws")
    }

    /// Brings the schema up to date, when another process may be doing the same.
    ///
    /// GRDB's migrator looks at the applied migrations before it takes the write lock, so two commands
    /// started together on a fresh home both try to create the tables: the loser fails with "table
    /// already exists" or "database is locked". The loser looks again and, once the winner's schema is
    /// complete, goes on with it; each migration is one transaction, so it never sees half a schema.
    private static func migrate(_ writer: any DatabaseWriter) throws {
        if writer.configuration.readonly {
            // A read-only book can't be upgraded: it must already be complete.
            guard try writer.read({ db in try BookSchema.migrator.hasCompletedMigrations(db) }) else {
                throw DatabaseError(resultCode: .SQLITE_READONLY, message: "it is opened read-only and its schema is not up to date")
            }
            return
        }
        // The winner may be between two of its migrations when the loser looks: the loser migrates again
        // (the migrator skips what is applied), a bounded number of times.
        for attempt in 1...Self.migrationAttempts {
            do {
                try BookSchema.migrator.migrate(writer)
                return
            } catch let error as DatabaseError where Self.mayBeARace(error) {
                let complete = try? writer.read { db in try BookSchema.migrator.hasCompletedMigrations(db) }
                if complete == true { return }
                if attempt == Self.migrationAttempts { throw error }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    /// How many times a book being created by another process is migrated again (50 ms apart).
    static let migrationAttempts = 40

    /// Errors another process's concurrent schema creation can cause: a lock, a table or a migration's row
    /// already made ("UNIQUE constraint failed: grdb_migrations.identifier"). A file that is not a database
    /// or cannot be opened fails at once instead of being retried.
    private static func mayBeARace(_ error: DatabaseError) -> Bool {
        [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_ERROR, .SQLITE_CONSTRAINT].contains(error.resultCode)
    }

    /// The names of the migrations applied, oldest first. A diagnostic for the package's tests.
    package func appliedMigrations() throws -> [String] {
        try writer.read { db in try BookSchema.migrator.appliedIdentifiers(db).sorted() }
    }

    /// `PRAGMA integrity_check`'s verdict: `["ok"]` for a sound file. A diagnostic for the package's tests.
    package func integrityCheck() throws -> [String] {
        try writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// How many contacts the book holds.
    public func count() throws -> Int {
        try writer.read { db in try ContactRecord.fetchCount(db) }
    }
}

extension ContactBook {
    /// SQLite's journal mode for this book (`wal` for a file). A diagnostic for the package's tests.
    package func journalMode() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }
}
