/// Where `handshake serve --database` says to keep the mailbox: `sqlite:PATH` (a file, created if
/// missing) or `sqlite::memory:` (nothing kept; for trying it out).
///
/// `postgres://…` is recognised and refused with a clear message: the PostgreSQL backend is not built
/// yet. What this does not do: open anything — ``openStorage()`` does, when the server starts.
public enum DatabaseLocation: Sendable, Equatable {
    /// A SQLite database file.
    case sqliteFile(path: String)
    /// A SQLite database in memory, lost when the server stops.
    case sqliteMemory

    /// Parses the `--database` value.
    public init(_ text: String) throws(DatabaseLocationError) {
        if text == "sqlite::memory:" {
            self = .sqliteMemory
        } else if text.hasPrefix("sqlite:"), text.count > "sqlite:".count {
            self = .sqliteFile(path: String(text.dropFirst("sqlite:".count)))
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            throw DatabaseLocationError(message: "PostgreSQL is not supported yet; use sqlite:PATH.")
        } else {
            throw DatabaseLocationError(message: "\"\(text)\" is not a database location; use sqlite:PATH or sqlite::memory:.")
        }
    }

    /// Opens the storage, running its migrations.
    public func openStorage() throws -> any MailboxStorage {
        switch self {
        case .sqliteFile(let path): try SQLiteStorage(path: path)
        case .sqliteMemory: try SQLiteStorage.inMemory()
        }
    }
}

/// A `--database` value that cannot be used, with the reason.
public struct DatabaseLocationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong and what to write instead.
    public let message: String
    /// See ``message``.
    public var description: String { message }
}
