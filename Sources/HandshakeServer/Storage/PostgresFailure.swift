import HandshakeCore
import NIOCore
import PostgresNIO

/// Why PostgreSQL could not be reached or refused a connection, in a sentence an operator can act on.
///
/// PostgresNIO's own errors print a generic text on purpose (their details may hold secrets), so the cause
/// of a failed start was only visible at `LOG_LEVEL=info`. This reads the parts that are safe to show: the
/// server's SQLSTATE and message, or the socket error. It never holds the password.
public struct PostgresFailure: HandshakeError {
    /// What went wrong, naming the place and, where the server said so, its reason.
    public let description: String
    /// Whether waiting cannot help: the server refused the user, the password or the database, or the TLS
    /// the URL asks for. A server that does not answer yet (refused connection, starting up) is not lasting.
    public let isLasting: Bool

    init(_ error: any Error, configuration: PostgresStorage.Configuration) {
        let client = configuration.client
        let place = client.unixSocketPath ?? "\(client.host ?? "?"):\(client.port ?? 5432)"
        let user = client.username
        let database = client.database ?? user
        guard let error = error as? PSQLError else {
            (description, isLasting) = ("PostgreSQL at \(place) could not be reached: \(error)", false)
            return
        }
        let state = error.serverInfo?[.sqlState] ?? ""
        let said = error.serverInfo?[.message].map { " (the server said: \($0))" } ?? ""
        switch (error.code, state) {
        case (.server, "28P01"):
            (description, isLasting) = ("PostgreSQL at \(place) refused the password of user \(user).", true)
        case (.server, "28000"):
            (description, isLasting) = ("PostgreSQL at \(place) does not let user \(user) in\(said).", true)
        case (.server, "3D000"):
            (description, isLasting) = ("PostgreSQL at \(place) has no database \(database); create it first (createdb).", true)
        case (.server, "57P03"):
            (description, isLasting) = ("PostgreSQL at \(place) is starting up or shutting down\(said).", false)
        case (.server, _):
            (description, isLasting) = ("PostgreSQL at \(place) refused the connection\(said).", state.hasPrefix("28"))
        case (.sslUnsupported, _):
            (description, isLasting) = ("PostgreSQL at \(place) does not offer TLS, which the URL's sslmode=require asks for.", true)
        case (.unsupportedAuthMechanism, _), (.authMechanismRequiresPassword, _), (.saslError, _):
            (description, isLasting) = ("PostgreSQL at \(place) asks user \(user) for a sign-in this URL cannot give (is the password missing?).", true)
        default:
            let cause = error.underlying.map { ": \($0)" } ?? ""
            (description, isLasting) = ("PostgreSQL at \(place) could not be reached\(cause).", false)
        }
    }

    /// The sentence for a log line.
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            let state = error.serverInfo?[.sqlState].map { " \($0)" } ?? ""
            let cause = error.underlying.map { ": \($0)" } ?? ""
            return "\(error.code)\(state)\(cause)"
        }
        return "\(error)"
    }
}
