import ArgumentParser
import Dispatch
import Foundation
import HandshakeServer
import HandshakeWalletPass

/// `handshake serve`: runs the mailbox server (share links, friend requests, contacts) in the foreground
/// until SIGTERM or SIGINT, then finishes the requests in flight and exits.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Handshake mailbox server.",
        discussion: """
            The server carries signed cards between people who are apart: share links, friend requests \
            and contacts. It never vouches for anyone: every card it holds is signed by its owner.

            With no --database, it keeps a SQLite file, server.sqlite, in $HANDSHAKE_HOME. With a \
            PostgreSQL URL, several instances (behind a load balancer) share one database and behave as \
            one server; each runs the migrations it needs when it starts.
              handshake serve
              handshake serve --port 9000 --public-url https://handshake.example.org
              handshake serve --database postgres://handshake:secret@db.internal:5432/handshake
            A password on the command line is visible to every user of the machine (ps): give the URL in \
            $HANDSHAKE_DATABASE_URL or in a file readable by you alone (--database-file) instead.
            The API is described in docs/api/openapi.yaml; the operator's guide is docs/server.md.
            """
    )

    @Option(help: "The address to listen on.")
    var host = MailboxServer.Configuration().host

    // Numbers are taken as they are, negative ones too, so `--port -1` is told what is wrong with it.
    @Option(parsing: .unconditional, help: "The TCP port to listen on.")
    var port = MailboxServer.Configuration().port

    @Option(help: "Where to keep the data: sqlite:PATH, sqlite::memory: to keep nothing, or postgres://USER:PASSWORD@HOST:PORT/DATABASE (default: $HANDSHAKE_DATABASE_URL, else server.sqlite in $HANDSHAKE_HOME).")
    var database: String?

    @Option(help: ArgumentHelp("A file readable by you alone (mode 600) holding the --database value on its first line (for a URL with a password).", valueName: "file"))
    var databaseFile: String?

    @Option(help: "The base URL people reach the server at; share links are built on it (default http://HOST:PORT).")
    var publicURL: String?

    @Option(parsing: .unconditional, help: "Seconds a request's body may take to arrive before it is answered 408 and the connection closed.")
    var requestTimeLimit = MailboxServer.Configuration().requestTimeLimit

    @Option(parsing: .unconditional, help: "Seconds a share link stays usable (default a day).")
    var linkLifetime = MailboxServer.Configuration().linkLifetime

    @Flag(help: "Behind a reverse proxy that appends the client's address to X-Forwarded-For: count sign-ins by that address, not the proxy's.")
    var trustForwardedFor = false

    @Option(parsing: .unconditional, help: "Sign-ins one client address may start in a minute (each instance also allows 3000 in all for new keys and 3000 for known ones, or this many if more).")
    var signInsPerMinute = MailboxServer.Configuration().signInsPerMinute

    @Option(parsing: .unconditional, help: "Friend requests one account may send in an hour.")
    var friendRequestsPerHour = MailboxServer.Configuration().friendRequestsPerHour

    @Option(parsing: .unconditional, help: "Friend requests by Node ID one account may receive in an hour, from everyone together.")
    var requestsReceivedPerHour = MailboxServer.Configuration().requestsReceivedPerHour

    @Option(parsing: .unconditional, help: "Relay connections (face to face through this server) held open at once, from everyone.")
    var relayConnections = MailboxServer.Configuration().relayConnections

    @Option(parsing: .unconditional, help: "Relay connections one client address may hold open at once (at most --relay-connections).")
    var relayConnectionsPerAddress = MailboxServer.Configuration().relayConnectionsPerAddress

    @Option(parsing: .unconditional, help: "Relay connections one client address may open in a minute.")
    var relayArrivalsPerMinute = MailboxServer.Configuration().relayArrivalsPerMinute

    /// The server's settings as given; their ranges are the library's to check (``MailboxServer/Configuration``).
    var configuration: MailboxServer.Configuration {
        var configuration = MailboxServer.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.publicURL = publicURL
        configuration.requestTimeLimit = requestTimeLimit
        configuration.linkLifetime = linkLifetime
        configuration.trustForwardedFor = trustForwardedFor
        configuration.signInsPerMinute = signInsPerMinute
        configuration.friendRequestsPerHour = friendRequestsPerHour
        configuration.requestsReceivedPerHour = requestsReceivedPerHour
        configuration.relayConnections = relayConnections
        configuration.relayConnectionsPerAddress = relayConnectionsPerAddress
        configuration.relayArrivalsPerMinute = relayArrivalsPerMinute
        return configuration
    }

    func validate() throws {
        do { try configuration.validate() } catch { throw ValidationError(error.description) }
        if database != nil && databaseFile != nil { throw ValidationError("Give --database or --database-file, not both.") }
        if let database {
            do { _ = try DatabaseLocation(database) } catch { throw ValidationError(error.message) }
        }
    }

    @Option(help: ArgumentHelp("A Pass Type ID certificate (PEM): sign Wallet passes for your users from their manifest's digest.", valueName: "file"))
    var passCertificate: String?

    @Option(help: ArgumentHelp("The pass certificate's private key (PEM).", valueName: "file"))
    var passKey: String?

    @Option(help: ArgumentHelp("The chain to put in pass signatures (Apple's WWDR intermediate), PEM.", valueName: "file"))
    var passChain: String?

    /// The `--database` value: given, from `--database-file`, or from `$HANDSHAKE_DATABASE_URL`.
    func databaseValue(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        if let database { return database }
        if let databaseFile {
            do { return try DatabaseURLFile.read(databaseFile) } catch { throw CommandFailure(error.message) }
        }
        if let fromEnvironment = environment["HANDSHAKE_DATABASE_URL"], !fromEnvironment.isEmpty { return fromEnvironment }
        return nil
    }

    func run() throws {
        let location: DatabaseLocation
        if let database = try databaseValue() {
            do { location = try DatabaseLocation(database) } catch { throw CommandFailure(error.message) }
        } else {
            let home = HandshakeHome.current().url
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            location = .sqliteFile(path: home.appendingPathComponent("server.sqlite").path)
        }
        let storage: any MailboxStorage
        do {
            storage = try location.openStorage()
        } catch let error as MailboxStorageError {
            throw CommandFailure(error.description)
        }
        var server: MailboxServer
        do { server = try MailboxServer(storage: storage, configuration: configuration) } catch { throw ValidationError(error.description) }
        server.databaseDescription = location.logDescription
        if let passCertificate {
            guard let passKey else { throw ValidationError("--pass-certificate needs its key: --pass-key FILE.") }
            do {
                server.passSigner = try PassSigner(
                    certificatePEM: try PEMFile.read(passCertificate), privateKeyPEM: try PEMFile.read(passKey),
                    chainPEM: try passChain.map(PEMFile.read))
            } catch let error as WalletPassError {
                throw CommandFailure(error.description)
            }
        }
        let (ready, host, port) = (server, host, port)
        do {
            try Self.block { try await ready.run(host: host, port: port) }
        } catch let error as MailboxServerError {
            throw CommandFailure(error.description)
        } catch let error as OpenFileLimitError {
            throw CommandFailure(error.description)
        }
    }

    /// Runs `work` to completion from this synchronous command, rethrowing its error.
    private static func block(_ work: @escaping @Sendable () async throws -> Void) throws {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { try await work() } catch { outcome.set(error) }
            done.signal()
        }
        done.wait()
        if let error = outcome.error { throw error }
    }

    /// The error the server stopped with, handed from its task back to the waiting thread.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: (any Error)?
        func set(_ error: any Error) { lock.withLock { stored = error } }
        var error: (any Error)? { lock.withLock { stored } }
    }
}
