// Establishes what a PostgreSQL URL's `sslmode` and `sslrootcert` mean to the mailbox: libpq's meanings, so an
// operator's URL does here what it does for psql. `disable` sends nothing encrypted; `allow` tries without TLS,
// then with it; `prefer` tries TLS, then without it; `require` encrypts without checking who the server is (unless
// a CA is named, which makes it `verify-ca`, as in libpq); `verify-ca` checks that a trusted CA signed the
// server's certificate; `verify-full` checks that too and that the certificate is for the host in the URL.
// `sslrootcert=FILE` names the CA certificates to trust (PEM); `sslrootcert=system` the machine's trusted roots
// (only with verify-full, as libpq requires); without it, libpq's default file `~/.postgresql/root.crt`. What it
// does not do: client certificates (`sslcert`, `sslkey`), or TLS over a Unix socket (libpq ignores it there too).
import Foundation
import NIOSSL
import PostgresNIO

/// The TLS a PostgreSQL URL asks for, and the ways of connecting it allows, in the order they are tried.
public struct PostgresTLS: Sendable {
    /// libpq's `sslmode` values.
    public enum Mode: String, Sendable, CaseIterable {
        /// No TLS.
        case disable
        /// Without TLS first; with TLS (not verified) if the server refuses that.
        case allow
        /// With TLS (not verified) first; without TLS if the server offers none or the TLS handshake fails.
        case prefer
        /// With TLS, not verified (verified as `verifyCA` when a CA is named).
        case require
        /// With TLS, the server's certificate signed by a trusted CA.
        case verifyCA = "verify-ca"
        /// With TLS, the server's certificate signed by a trusted CA and made out to the host connected to.
        case verifyFull = "verify-full"
    }

    /// Where the certificates of the CAs trusted to sign the server's come from.
    public enum Roots: Sendable, Equatable {
        /// The PEM file at this path (`sslrootcert=FILE`, or libpq's default `~/.postgresql/root.crt`).
        case file(String)
        /// The machine's trusted roots (`sslrootcert=system`).
        case system

        /// The roots as a sentence names them.
        var phrase: String {
            switch self {
            case .file(let path): "the CA certificates in \(path)"
            case .system: "this machine's trusted roots"
            }
        }
    }

    /// The `sslmode` as given (or `disable`).
    public let mode: Mode
    /// The CAs the server's certificate is checked against; `nil` when it is not checked.
    public let roots: Roots?
    /// The ways to connect, in the order they are tried (``PostgresPool/probe()``).
    let ways: [Way]

    /// One way of connecting: with or without TLS, and when the next way is worth trying after it failed.
    struct Way: Sendable {
        let client: PostgresClient.Configuration.TLS
        let connection: PostgresConnection.Configuration.TLS
        /// Whether a failure of this way lets the next one be tried.
        let fallsBack: @Sendable (PostgresFailure) -> Bool
    }

    /// No TLS: for Unix sockets, and `sslmode=disable`.
    static let none = PostgresTLS(mode: .disable, roots: nil, ways: [Way(client: .disable, connection: .disable, fallsBack: { _ in false })])

    private init(mode: Mode, roots: Roots?, ways: [Way]) {
        self.mode = mode
        self.roots = roots
        self.ways = ways
    }

    /// The TLS of a URL's `sslmode` (absent: `disable`, or `verify-full` with `sslrootcert=system`) and
    /// `sslrootcert`, with the CA certificates read now.
    /// - Parameter home: where libpq's default `.postgresql/root.crt` is looked for.
    /// - Throws: a sentence for an unknown mode, an unreadable CA file, or a mode that needs a CA without one.
    init(sslmode: String?, sslrootcert: String?, home: URL = FileManager.default.homeDirectoryForCurrentUser) throws(DatabaseLocationError) {
        let modes = Mode.allCases.map(\.rawValue).joined(separator: ", ")
        let given: Mode?
        if let sslmode {
            guard let mode = Mode(rawValue: sslmode) else { throw DatabaseLocationError(message: "sslmode=\(sslmode) is not one of \(modes).") }
            given = mode
        } else {
            given = nil
        }
        // libpq: sslrootcert=system makes verify-full the default, and refuses any weaker mode.
        if sslrootcert == "system" {
            guard given == nil || given == .verifyFull else {
                throw DatabaseLocationError(
                    message: "sslrootcert=system trusts every CA this machine trusts, so it needs sslmode=verify-full (which checks the host name too), not sslmode=\(given?.rawValue ?? "")."
                )
            }
        }
        let mode = given ?? (sslrootcert == "system" ? .verifyFull : .disable)
        let defaultFile = home.appendingPathComponent(".postgresql/root.crt").path
        let roots: Roots? =
            switch sslrootcert {
            case "system"?: .system
            case let path? where !path.isEmpty: .file(path)
            default: FileManager.default.fileExists(atPath: defaultFile) ? .file(defaultFile) : nil
            }

        func verified(hostName: Bool) throws(DatabaseLocationError) -> Way {
            guard let roots else {
                throw DatabaseLocationError(
                    message: """
                        sslmode=\(mode.rawValue) checks the server's certificate, so it needs the certificate of the CA that signed it: \
                        add sslrootcert=FILE (PEM) to the URL, or sslrootcert=system with verify-full to trust this machine's roots \
                        (there is no \(defaultFile), libpq's default). sslmode=require encrypts without checking.
                        """)
            }
            var settings = TLSConfiguration.makeClientConfiguration()
            settings.certificateVerification = hostName ? .fullVerification : .noHostnameVerification
            settings.trustRoots = try Self.trustRoots(roots)
            return try Self.way(settings, required: true, fallsBack: { _ in false })
        }
        var unverified = TLSConfiguration.makeClientConfiguration()
        unverified.certificateVerification = .none

        let ways: [Way]
        var checked: Roots? = nil
        switch mode {
        case .disable: ways = Self.none.ways
        case .allow:
            // libpq tries TLS after the server refused the connection without it (pg_hba.conf's hostssl).
            ways = [
                Way(client: .disable, connection: .disable, fallsBack: { $0.isRefusal }),
                try Self.way(unverified, required: true, fallsBack: { _ in false }),
            ]
        case .prefer:
            // A server without TLS is met without it by PostgresNIO's own `prefer`; a failed handshake is
            // tried again without TLS here.
            ways = [
                try Self.way(unverified, required: false, fallsBack: { $0.isTLSFailure }),
                Way(client: .disable, connection: .disable, fallsBack: { _ in false }),
            ]
        case .require:
            // libpq: with a CA file present, require checks the certificate as verify-ca does.
            if case .file = roots {
                ways = [try verified(hostName: false)]
                checked = roots
            } else {
                ways = [try Self.way(unverified, required: true, fallsBack: { _ in false })]
            }
        case .verifyCA, .verifyFull:
            ways = [try verified(hostName: mode == .verifyFull)]
            checked = roots
        }
        self.init(mode: mode, roots: checked, ways: ways)
    }

    /// A way with TLS `settings`, required or preferred.
    private static func way(_ settings: TLSConfiguration, required: Bool, fallsBack: @escaping @Sendable (PostgresFailure) -> Bool) throws(DatabaseLocationError) -> Way {
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: settings)
        } catch {
            throw DatabaseLocationError(message: "TLS could not be set up for PostgreSQL: \(error).")
        }
        return required
            ? Way(client: .require(settings), connection: .require(context), fallsBack: fallsBack)
            : Way(client: .prefer(settings), connection: .prefer(context), fallsBack: fallsBack)
    }

    /// The trust roots `roots` names, read now so a bad file is reported when the server starts.
    private static func trustRoots(_ roots: Roots) throws(DatabaseLocationError) -> NIOSSLTrustRoots {
        switch roots {
        case .system: return .default
        case .file(let path):
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw DatabaseLocationError(message: "sslrootcert \(path) cannot be read: it must be a PEM file of the CA certificates to trust.")
            }
            let certificates: [NIOSSLCertificate]
            do {
                certificates = try NIOSSLCertificate.fromPEMFile(path)
            } catch {
                throw DatabaseLocationError(message: "sslrootcert \(path) holds no certificate in PEM form (-----BEGIN CERTIFICATE-----).")
            }
            guard !certificates.isEmpty else {
                throw DatabaseLocationError(message: "sslrootcert \(path) holds no certificate in PEM form (-----BEGIN CERTIFICATE-----).")
            }
            return .certificates(certificates)
        }
    }
}
