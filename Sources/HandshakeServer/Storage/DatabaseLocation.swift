import Foundation
import HandshakeCore
/// Where `handshake serve --database` says to keep the mailbox: `sqlite:PATH` (a file, created if
/// missing), `sqlite::memory:` (nothing kept; for trying it out) or `postgres://USER:PASSWORD@HOST:PORT/DB`
/// (a PostgreSQL database several instances can share).
///
/// What this does not do: open anything — ``openStorage()`` does, when the server starts.
public enum DatabaseLocation: Sendable, Equatable {
    /// A SQLite database file.
    case sqliteFile(path: String)
    /// A SQLite database in memory, lost when the server stops.
    case sqliteMemory
    /// A PostgreSQL database, by its `postgres://` (or `postgresql://`) URL.
    case postgres(url: String)

    /// Parses the `--database` value.
    public init(_ text: String) throws(DatabaseLocationError) {
        if text == "sqlite::memory:" {
            self = .sqliteMemory
        } else if text.hasPrefix("sqlite:"), text.count > "sqlite:".count {
            self = .sqliteFile(path: String(text.dropFirst("sqlite:".count)))
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            _ = try PostgresStorage.Configuration(url: text)
            self = .postgres(url: text)
        } else {
            throw DatabaseLocationError(message: "\"\(text)\" is not a database location; use sqlite:PATH, sqlite::memory: or postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
        }
    }

    /// The location as a log may show it: the path, or the PostgreSQL URL with its password replaced by `***`.
    public var logDescription: String {
        switch self {
        case .sqliteFile(let path): "sqlite:\(path)"
        case .sqliteMemory: "sqlite::memory:"
        case .postgres(let url): Self.redacted(url)
        }
    }

    /// `url` with its password, if any, replaced by `***`.
    static func redacted(_ url: String) -> String {
        guard var parts = URLComponents(string: url), parts.password != nil else { return url }
        parts.password = "***"
        return parts.string ?? "postgres://(unreadable)"
    }

    /// Opens the storage. SQLite's migrations run here; PostgreSQL's run when the server starts
    /// (``MailboxStorage/prepare()``), once its connection pool is running.
    public func openStorage() throws -> any MailboxStorage {
        switch self {
        case .sqliteFile(let path): try SQLiteStorage(path: path)
        case .sqliteMemory: try SQLiteStorage.inMemory()
        case .postgres(let url): PostgresStorage(configuration: try PostgresStorage.Configuration(url: url))
        }
    }
}

/// A `--database` value that cannot be used, with the reason.
public struct DatabaseLocationError: HandshakeError {
    /// What is wrong and what to write instead.
    public let message: String
    /// See ``message``.
    public var description: String { message }
}
