import Foundation
import HandshakeCore
import PostgresNIO

extension PostgresStorage {
    /// How to reach the database and which schema and notification channel to use.
    public struct Configuration: Sendable {
        /// The client configuration: host or socket, credentials, database, and the TLS of the first way
        /// of connecting ``tls`` allows.
        public var client: PostgresClient.Configuration
        /// The schema the tables live in (`search_path`); `nil` for the role's default (`public`).
        public var schema: String?
        /// The LISTEN/NOTIFY channel events are announced on: every instance on one database and
        /// schema must use the same one. Lowercase letters, digits and `_`.
        public var channel: String
        /// How long the server waits at start for the database to answer and the migrations to finish
        /// before it gives up with ``PostgresUnavailable``.
        public var startTimeout: Duration = .seconds(30)
        /// The URL's `sslmode` and `sslrootcert`: whether to encrypt, whom to trust, and the ways of
        /// connecting to try in turn.
        public var tls: PostgresTLS

        /// The same place and credentials for a single connection outside the pool: the probe that finds
        /// out why a database cannot be reached, and when it is back (``PostgresPool/probe()``).
        public var connection: PostgresConnection.Configuration

        /// How long one use of the database by a request may take, waiting for a connection included
        /// (``PostgresPool/answerLimit``).
        public var answerLimit: Duration = .seconds(4)
        /// How long PostgreSQL itself lets one statement run, a lock wait included (`statement_timeout`):
        /// below ``answerLimit``, so a slow statement is ended by the server (which keeps the connection)
        /// before the client gives up on a server that does not answer at all.
        public var statementLimit: Duration = .seconds(3)

        /// A configuration from the pool's `client` and the single `connection` to the same database,
        /// keeping the tables in `schema`. Every session is bounded: a statement (a lock wait included) may
        /// run ``statementLimit``, a transaction may sit idle 60 s, so a stuck request or an instance gone
        /// mid-transaction cannot hold locks that others wait on; a connection is made within 3 s.
        init(client: PostgresClient.Configuration, connection: PostgresConnection.Configuration, tls: PostgresTLS, schema: String? = nil) {
            var client = client
            client.options.additionalStartupParameters.append(("idle_in_transaction_session_timeout", "60s"))
            if let schema { client.options.additionalStartupParameters.append(("search_path", schema)) }
            client.options.connectTimeout = .seconds(3)
            var connection = connection
            connection.options.connectTimeout = .seconds(3)
            self.client = client
            self.connection = connection
            self.tls = tls
            self.schema = schema
            channel = "handshake_events" + (schema.map { "_" + $0.lowercased() } ?? "")
            (self.client.tls, self.connection.tls) = (tls.ways[0].client, tls.ways[0].connection)
        }

        /// This configuration connecting by `way` (one of ``tls``'s ways) instead of its first.
        /// The pool's sessions get ``statementLimit`` as their `statement_timeout`.
        func connecting(by way: PostgresTLS.Way) -> Configuration {
            var configuration = self
            (configuration.client.tls, configuration.connection.tls) = (way.client, way.connection)
            let milliseconds = statementLimit.components.seconds * 1000 + statementLimit.components.attoseconds / 1_000_000_000_000_000
            configuration.client.options.additionalStartupParameters.append(("statement_timeout", "\(milliseconds)ms"))
            return configuration
        }

        /// Parses `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=MODE&sslrootcert=FILE]`
        /// (`postgresql://` too), with libpq's meanings of `sslmode` (`disable`, the default here, `allow`,
        /// `prefer`, `require`, `verify-ca`, `verify-full`) and `sslrootcert` (``PostgresTLS``).
        /// `?host=/path/to/socket/dir` connects through a Unix socket instead, without TLS.
        /// - Throws: a sentence saying what is wrong with the URL or its TLS settings.
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
            if let socketFolder = query["host"], socketFolder.hasPrefix("/") {
                let path = "\(socketFolder)/.s.PGSQL.\(url.port ?? 5432)"
                self.init(
                    client: .init(unixSocketPath: path, username: user, password: password, database: databaseName),
                    connection: .init(unixSocketPath: path, username: user, password: password, database: databaseName), tls: .none,
                    schema: schema)
                return
            }
            guard let host = url.host, !host.isEmpty else {
                throw DatabaseLocationError(message: "the PostgreSQL URL names no host; write postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
            }
            let port = url.port ?? 5432
            let tls = try PostgresTLS(sslmode: query["sslmode"], sslrootcert: query["sslrootcert"])
            let first = tls.ways[0]
            self.init(
                client: .init(host: host, port: port, username: user, password: password, database: databaseName, tls: first.client),
                connection: .init(host: host, port: port, username: user, password: password, database: databaseName, tls: first.connection),
                tls: tls, schema: schema)
        }

        /// Where the database is, as sentences name it: the socket, or `HOST:PORT`.
        var place: String { client.unixSocketPath ?? "\(client.host ?? "?"):\(client.port ?? 5432)" }
    }
}

/// The database did not answer, or the migrations did not finish, in time when the server started.
public struct PostgresUnavailable: HandshakeError {
    /// Where the server tried to connect, how long it waited, and the last cause it saw.
    public let description: String

    init(configuration: PostgresStorage.Configuration, timeout: Duration, lastFailure: PostgresFailure?) {
        let client = configuration.client
        let place = configuration.place
        if let lastFailure {
            // A lasting refusal is reported at once; waiting is only worth saying when the server did wait.
            description = lastFailure.isLasting ? lastFailure.description : "\(lastFailure.description) Gave up after \(timeout.components.seconds) s."
        } else {
            description = """
                PostgreSQL at \(place) (database \(client.database ?? client.username), user \(client.username)) accepted a connection \
                but its pool could not run a query within \(timeout.components.seconds) s: check max_connections and the server's log.
                """
        }
    }

    /// The server was told to stop (SIGTERM) while it waited for the database to answer.
    init(stoppedWaitingAfter lastFailure: PostgresFailure?) {
        let cause = lastFailure.map { " The last answer: \($0.description)" } ?? ""
        description = "Stopped while waiting for PostgreSQL to answer.\(cause)"
    }
}
