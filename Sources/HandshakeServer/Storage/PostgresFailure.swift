import HandshakeCore
import NIOCore
import NIOSSL
import PostgresNIO

/// Why PostgreSQL could not be reached or refused a connection, in a sentence an operator can act on.
///
/// PostgresNIO's own errors print a generic text on purpose (their details may hold secrets), so the cause
/// of a failed start was only visible at `LOG_LEVEL=info`. This reads the parts that are safe to show: the
/// server's SQLSTATE and message, the TLS check that failed, or the socket error. It never holds the password.
public struct PostgresFailure: HandshakeError {
    /// What went wrong, naming the place and, where the server said so, its reason.
    public let description: String
    /// Whether waiting cannot help: the server refused the user, the password or the database, the TLS the
    /// URL asks for, or the certificate it presented. A server that does not answer yet (refused connection,
    /// starting up) is not lasting.
    public let isLasting: Bool
    /// Whether the TLS handshake failed (the server's certificate did not verify, or TLS itself failed):
    /// `sslmode=prefer` then tries without TLS, as libpq does.
    let isTLSFailure: Bool
    /// Whether the server answered and refused the connection (`sslmode=allow` then tries with TLS).
    let isRefusal: Bool

    init(_ error: any Error, configuration: PostgresStorage.Configuration) {
        let client = configuration.client
        let place = configuration.place
        let user = client.username
        let database = client.database ?? user
        let mode = configuration.tls.mode.rawValue
        isRefusal = (error as? PSQLError)?.code == .server
        if let tls = TLSProblem(error) {
            isTLSFailure = true
            isLasting = true
            let roots = configuration.tls.roots?.phrase ?? "the trusted CAs"
            switch tls {
            case .untrusted:
                description = """
                    PostgreSQL at \(place) presented a certificate that \(roots) did not sign (sslmode=\(mode) checks it). \
                    Name the CA that signed it with sslrootcert=FILE, or use sslmode=require to encrypt without checking who the server is.
                    """
            case .wrongHost:
                description = """
                    PostgreSQL at \(place) presented a certificate that is not made out to \(client.host ?? place) \
                    (sslmode=verify-full checks the name in the URL against the certificate's; connect by the name it \
                    names, or use sslmode=verify-ca to check the CA alone).
                    """
            case .failed(let detail):
                description = "The TLS handshake with PostgreSQL at \(place) failed (sslmode=\(mode)): \(detail)."
            }
            return
        }
        isTLSFailure = false
        if error is DatabaseDeadline.Passed {
            (description, isLasting) = ("PostgreSQL at \(place) did not answer within 3 s (it accepts connections but does not serve them).", false)
            return
        }
        guard let error = error as? PSQLError else {
            (description, isLasting) = ("PostgreSQL at \(place) could not be reached: \(Self.words(for: error)).", false)
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
            (description, isLasting) = ("PostgreSQL at \(place) does not offer TLS, which the URL's sslmode=\(mode) asks for.", true)
        case (.unsupportedAuthMechanism, _), (.authMechanismRequiresPassword, _), (.saslError, _):
            (description, isLasting) = ("PostgreSQL at \(place) asks user \(user) for a sign-in this URL cannot give (is the password missing?).", true)
        default:
            let cause = error.underlying.map { ": \(Self.words(for: $0))" } ?? ""
            (description, isLasting) = ("PostgreSQL at \(place) could not be reached\(cause).", false)
        }
    }

    /// Why a connection failed, in words (`SystemFailure`): never the socket library's description, which
    /// names its types ("Connection errors: SingleConnectionFailure(target: [IPv4]…").
    static func words(for error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError: error.connectionErrors.first.map { words(for: $0.error) } ?? "the connection failed"
        case let error as IOError: SystemFailure.connectionReason(errno: error.errnoCode)
        case ChannelError.connectTimeout: "it did not accept the connection in time"
        default: "\(error)"
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

    /// What went wrong in a TLS handshake, read from NIOSSL's errors (directly, or under a PostgresNIO error).
    private enum TLSProblem {
        /// The certificate chain does not lead to a trusted CA (BoringSSL's `CERTIFICATE_VERIFY_FAILED`).
        case untrusted
        /// The certificate is not made out to the host connected to.
        case wrongHost
        /// Any other handshake failure.
        case failed(String)

        init?(_ error: any Error) {
            let cause = (error as? PSQLError)?.underlying ?? error
            if let extra = cause as? NIOSSLExtraError, extra == .failedToValidateHostname {
                self = .wrongHost
            } else if let ssl = cause as? NIOSSLError {
                guard case .handshakeFailed(let boring) = ssl else {
                    self = .failed("\(ssl)")
                    return
                }
                let text = "\(boring)"
                self = text.contains("CERTIFICATE_VERIFY_FAILED") ? .untrusted : .failed(text)
            } else if let boring = cause as? BoringSSLError {
                self = .failed("\(boring)")
            } else {
                return nil
            }
        }
    }
}
