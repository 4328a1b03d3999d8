import Foundation
import PostgresNIO

extension PostgresStorage {
    /// How to reach the database and which schema and notification channel to use.
    public struct Configuration: Sendable {
        /// The client configuration: host or socket, credentials, database, TLS.
        public var client: PostgresClient.Configuration
        /// The schema the tables live in (`search_path`); `nil` for the role's default (`public`).
        public var schema: String?
        /// The LISTEN/NOTIFY channel events are announced on: every instance on one database and
        /// schema must use the same one. Lowercase letters, digits and `_`.
        public var channel: String
        /// How long the server waits at start for the database to answer and the migrations to finish
        /// before it gives up with ``PostgresUnavailable``.
        public var startTimeout: Duration = .seconds(30)

        /// A configuration from `client`, keeping the tables in `schema`. Every session is bounded:
        /// a statement (a lock wait included) may run 10 s, a transaction may sit idle 60 s, so a stuck
        /// request or an instance gone mid-transaction cannot hold locks that others wait on.
        public init(client: PostgresClient.Configuration, schema: String? = nil) {
            var client = client
            client.options.additionalStartupParameters += [("statement_timeout", "10s"), ("idle_in_transaction_session_timeout", "60s")]
            if let schema { client.options.additionalStartupParameters.append(("search_path", schema)) }
            self.client = client
            self.schema = schema
            channel = "handshake_events" + (schema.map { "_" + $0.lowercased() } ?? "")
        }

        /// Parses `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`
        /// (`postgresql://` too). `?host=/path/to/socket/dir` connects through a Unix socket instead.
        public init(url text: String, schema: String? = nil) throws(DatabaseLocationError) {
            guard let url = URLComponents(string: text), let scheme = url.scheme, ["postgres", "postgresql"].contains(scheme) else {
                throw DatabaseLocationError(message: "\"\(text)\" is not a PostgreSQL URL; write postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
            }
            let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
            guard let user = url.user.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
                throw DatabaseLocationError(message: "the PostgreSQL URL names no user; write postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
            }
            let password = url.password.flatMap { $0.removingPercentEncoding }
            let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
            let databaseName = database.isEmpty ? nil : database
            var client: PostgresClient.Configuration
            if let socketFolder = query["host"], socketFolder.hasPrefix("/") {
                let port = url.port ?? 5432
                client = .init(
                    unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: password, database: databaseName)
            } else {
                guard let host = url.host, !host.isEmpty else {
                    throw DatabaseLocationError(message: "the PostgreSQL URL names no host; write postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
                }
                let tls: PostgresClient.Configuration.TLS
                switch query["sslmode"] ?? "disable" {
                case "disable": tls = .disable
                case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
                case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
                case let mode: throw DatabaseLocationError(message: "sslmode=\(mode) is not one of disable, prefer, require.")
                }
                client = .init(host: host, port: url.port ?? 5432, username: user, password: password, database: databaseName, tls: tls)
            }
            self.init(client: client, schema: schema)
        }
    }
}

/// The database did not answer, or the migrations did not finish, in time when the server started.
public struct PostgresUnavailable: Error, CustomStringConvertible {
    /// Where the server tried to connect, and how long it waited.
    public let description: String

    init(configuration: PostgresStorage.Configuration, timeout: Duration) {
        let client = configuration.client
        let place = client.unixSocketPath ?? "\(client.host ?? "?"):\(client.port ?? 5432)"
        description = """
            PostgreSQL at \(place) (database \(client.database ?? client.username), user \(client.username)) did not answer \
            within \(timeout.components.seconds) s: check that it runs, that the URL's user, password and database are right, \
            and that no migration is stuck (LOG_LEVEL=info shows each connection attempt).
            """
    }
}
