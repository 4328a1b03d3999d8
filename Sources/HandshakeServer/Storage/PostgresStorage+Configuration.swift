import Foundation
import HandshakeCore
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

        /// The same place and credentials for a single connection outside the pool: the probe that finds
        /// out why a database cannot be reached, and when it is back (``PostgresPool/probe()``).
        public var connection: PostgresConnection.Configuration

        /// A configuration from the pool's `client` and the single `connection` to the same database,
        /// keeping the tables in `schema`. Every session is bounded: a statement (a lock wait included) may
        /// run 10 s, a transaction may sit idle 60 s, so a stuck request or an instance gone mid-transaction
        /// cannot hold locks that others wait on.
        init(client: PostgresClient.Configuration, connection: PostgresConnection.Configuration, schema: String? = nil) {
            var client = client
            client.options.additionalStartupParameters += [("statement_timeout", "10s"), ("idle_in_transaction_session_timeout", "60s")]
            if let schema { client.options.additionalStartupParameters.append(("search_path", schema)) }
            var connection = connection
            connection.options.connectTimeout = .seconds(3)
            self.client = client
            self.connection = connection
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
            if let socketFolder = query["host"], socketFolder.hasPrefix("/") {
                let path = "\(socketFolder)/.s.PGSQL.\(url.port ?? 5432)"
                self.init(
                    client: .init(unixSocketPath: path, username: user, password: password, database: databaseName),
                    connection: .init(unixSocketPath: path, username: user, password: password, database: databaseName), schema: schema)
                return
            }
            guard let host = url.host, !host.isEmpty else {
                throw DatabaseLocationError(message: "the PostgreSQL URL names no host; write postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
            }
            let port = url.port ?? 5432
            let tls: (client: PostgresClient.Configuration.TLS, connection: PostgresConnection.Configuration.TLS)
            switch query["sslmode"] ?? "disable" {
            case "disable": tls = (.disable, .disable)
            case let mode where ["prefer", "allow", "require", "verify-ca", "verify-full"].contains(mode):
                let settings = TLSConfiguration.makeClientConfiguration()
                let context: NIOSSLContext
                do { context = try NIOSSLContext(configuration: settings) } catch {
                    throw DatabaseLocationError(message: "TLS could not be set up for sslmode=\(mode): \(error)")
                }
                tls = ["prefer", "allow"].contains(mode) ? (.prefer(settings), .prefer(context)) : (.require(settings), .require(context))
            case let mode: throw DatabaseLocationError(message: "sslmode=\(mode) is not one of disable, prefer, require.")
            }
            self.init(
                client: .init(host: host, port: port, username: user, password: password, database: databaseName, tls: tls.client),
                connection: .init(host: host, port: port, username: user, password: password, database: databaseName, tls: tls.connection),
                schema: schema)
        }
    }
}

/// The database did not answer, or the migrations did not finish, in time when the server started.
public struct PostgresUnavailable: HandshakeError {
    /// Where the server tried to connect, how long it waited, and the last cause it saw.
    public let description: String

    init(configuration: PostgresStorage.Configuration, timeout: Duration, lastFailure: PostgresFailure?) {
        let client = configuration.client
        let place = client.unixSocketPath ?? "\(client.host ?? "?"):\(client.port ?? 5432)"
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

    init(configuration: PostgresStorage.Configuration, stoppedWaiting: Bool, lastFailure: PostgresFailure?) {
        let cause = lastFailure.map { " \($0.description)" } ?? ""
        description = "Stopped while waiting for PostgreSQL to answer.\(cause)"
    }

    /// The server was told to stop (SIGTERM) while it waited for the database to answer.
    init(stoppedWaitingAfter lastFailure: PostgresFailure?) {
        let cause = lastFailure.map { " The last answer: \($0.description)" } ?? ""
        description = "Stopped while waiting for PostgreSQL to answer.\(cause)"
    }
}
