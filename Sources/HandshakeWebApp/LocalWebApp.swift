// Establishes `handshake app` as a library an embedder can start: the account's screens served on a
// loopback address of the home's own (AppAddress) only, behind the launch secret (LocalAccessRule), with a
// header timeout for connections that say nothing (HeaderTimeLimit). It knows nothing of terminals or
// browsers: the program prints the URL and opens the browser.
import Foundation
import HandshakeHTTPGuard
import HandshakeCore
import HandshakeExchange
import HandshakeIntake
import HandshakeMailbox
import HandshakeQRReader
import HandshakeStore
import Hummingbird
import Logging
import NIOCore

/// Why the app could not start.
public enum LocalWebAppError: HandshakeError, Equatable {
    /// Another program serves on the port asked for.
    case portInUse(Int)

    /// The sentence to show.
    public var description: String {
        switch self {
        case .portInUse(let port): "Port \(port) is already in use. Choose another with --port, or leave it out for any free port."
        }
    }
}

/// Handshake's screens as a local web app, for one account.
///
/// ```swift
/// let app = LocalWebApp(account: account, address: AppAddress.remembered(in: home), port: 0)
/// try await app.run { url in print("Open \(url)") }
/// ```
public struct LocalWebApp: Sendable {
    /// The account, which a move to a new key replaces while the app runs.
    let accounts: AccountHolder
    var account: HandshakeAccount { accounts.account }
    let mailbox: MailboxRegistration?
    let address: String
    let port: Int
    /// How long a connection may take to send a request's head (after it opens, or after its last answer)
    /// before it is closed.
    let headerTimeout: Duration
    /// The secrets of this launch; the URL given to `onReady` carries the launch secret.
    public let secrets: LaunchSecrets
    /// How often contacts' newest cards are fetched from the servers their cards name (HandshakeIntake's
    /// `CardRefresh`): at launch, then after each such wait; `nil`: never.
    let cardRefresh: Duration?

    /// The app for `account` on a loopback address.
    /// - Parameters:
    ///   - account: whose screens these are.
    ///   - mailbox: where the account's mailbox server is remembered (the program's `server.json`,
    ///     `MailboxRegistration(directory:)`), for friend requests and share links; nil offers no server.
    ///   - address: the loopback address to serve on: the home's own (``AppAddress/remembered(in:)``), so
    ///     that the session cookie reaches no other local server. Where the system has no such address
    ///     (macOS configures only 127.0.0.1), the app serves on 127.0.0.1.
    ///   - port: the port to serve on; 0 for any free port.
    ///   - headerTimeout: how long a connection may stay without sending a whole request head: 10 s.
    ///   - secrets: this launch's secrets; new random ones unless a test gives its own.
    ///   - cardRefresh: how often contacts' cards are refreshed from their servers, from launch on: hourly;
    ///     `nil` never.
    public init(
        account: HandshakeAccount, mailbox: MailboxRegistration? = nil, address: String = AppAddress.fallback, port: Int = 0,
        headerTimeout: Duration = .seconds(10), secrets: LaunchSecrets = LaunchSecrets(), cardRefresh: Duration? = .seconds(3600)
    ) {
        self.cardRefresh = cardRefresh
        self.accounts = AccountHolder(account)
        self.mailbox = mailbox
        self.address = address
        self.port = port
        self.headerTimeout = headerTimeout
        self.secrets = secrets
    }

    /// Serves until the task is cancelled or the process gets SIGINT or SIGTERM. `onReady` gets the URL to
    /// open (with the launch secret) once the port is bound.
    public func run(onReady: @escaping @Sendable (URL) async -> Void) async throws {
        let refreshing = Task { await keepCardsCurrent() }
        defer { refreshing.cancel() }
        let bound = BoundPort()
        // A token the app shows names the registered server's relay, as `handshake nearby --token-out` does.
        let relay = mailbox?.server().flatMap { try? RelayServer(origin: $0.absoluteString) }
        let router = router(bound: bound, faceToFace: await FaceToFace(accounts: accounts, relay: relay))
        do {
            try await serve(router, on: address, bound: bound, onReady: onReady)
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL && address != AppAddress.fallback {
            // The system routes only 127.0.0.1 to loopback (macOS): serve there.
            try await serve(router, on: AppAddress.fallback, bound: bound, onReady: onReady)
        }
    }

    private func serve(_ router: Router<BasicRequestContext>, on address: String, bound: BoundPort, onReady: @escaping @Sendable (URL) async -> Void)
        async throws
    {
        var logger = Logger(label: "handshake.app")
        logger.logLevel = .warning
        let secrets = secrets
        let limit = headerTimeout
        let app = Application(
            router: router,
            server: .guardedHTTP1(configuration: .init(additionalChannelHandlers: [HeaderTimeLimit(limit: limit)]), answer: ErrorPage.refusal),
            configuration: .init(address: .hostname(address, port: port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                bound.set(port, address: address)
                if let url = LocalAccessRule(secrets: secrets, address: address, port: port).launchURL { await onReady(url) }
            },
            logger: logger)
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw LocalWebAppError.portInUse(port)
        }
    }

    /// Contacts' cards from their servers, at launch and then every ``cardRefresh``, and in between as each
    /// server tells of a change (`CardFollowing`, which follows the contacts of each refresh), until the app
    /// stops: a contact's page and the list then mark what changed ("Updated today: title.").
    func keepCardsCurrent() async {
        guard let interval = cardRefresh else { return }
        // A server that did not answer is left alone for a while, longer each time, not asked every hour.
        var backOff = ServerBackOff()
        while !Task.isCancelled {
            let refresh = CardRefresh(book: account.book, registered: mailbox?.server())
            _ = try? await refresh.refresh(backOff: &backOff)
            let following = Task { for await _ in CardFollowing(refresh: refresh).events() {} }
            defer { following.cancel() }
            do { try await Task.sleep(for: interval) } catch { return }
        }
    }

    /// Every request passes the access rule, then reaches its route.
    func router(bound: BoundPort, faceToFace: FaceToFace) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: LocalAccessMiddleware(secrets: secrets, bound: bound))
        addPages(to: router, faceToFace: faceToFace)
        return router
    }

    /// The app's static files and routes, each at its `AppPath`, behind what `router` already has.
    func addPages(to router: Router<BasicRequestContext>, faceToFace: FaceToFace) {
        router.add(middleware: FileMiddleware(fileProvider: StaticFiles(), urlBasePath: StaticFiles.basePath))
        let connection = MailboxConnection(registration: mailbox, accounts: accounts)
        AppRoutes(accounts: accounts, connection: connection, secrets: secrets, faceToFace: faceToFace).register(on: router)
        FriendRequestRoutes(accounts: accounts, connection: connection, secrets: secrets).register(on: router)
        FaceToFaceRoutes(model: faceToFace, secrets: secrets).register(on: router)
        PictureRoutes(reader: QRPictureReader()).register(on: router)
        CardPhotoRoutes(accounts: accounts).register(on: router)
    }
}
