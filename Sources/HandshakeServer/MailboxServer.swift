import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeWalletPass
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// The mailbox server assembled: storage, clock and policy in; a router, or a whole Hummingbird
/// application ready to run, out.
///
/// The router is what tests drive without a socket; the application adds the listening address, the
/// HTTP limits (header sizes, idle time) and graceful shutdown on SIGTERM and SIGINT, where in-flight
/// requests finish before the process exits. It is not a client and keeps no state of its own: every
/// fact lives in ``storage``.
public struct MailboxServer: Sendable {
    /// Where everything is kept.
    public var storage: any MailboxStorage
    /// Where the time comes from.
    public var clock: any MailboxClock
    /// The limits and lifetimes enforced.
    public var policy: MailboxPolicy
    /// The server's public base URL, without a trailing slash: share links are built on it.
    public var publicURL: String
    /// Wakes event streams; runs as a service of the application so streams end on shutdown.
    public let broadcaster: EventBroadcaster
    /// The level each request is logged at (method, route template, status, time).
    public var requestLogLevel: Logger.Level
    /// What the server counts, served at `GET /metrics`.
    public let metrics: MailboxMetrics
    /// The operator's Pass Type ID certificate and key, when the server signs Wallet passes for its users
    /// (from the manifest's digest alone); `nil` to offer no signing.
    public var passSigner: PassSigner?
    /// How long a request's body may take to arrive, from its head to its end; past it the request is
    /// answered `408 request_timeout` and the connection closed (`RequestTimeLimitHandler`).
    public var requestTimeLimit: Duration = .seconds(30)
    /// The database as the start-up log names it (its password redacted: ``DatabaseLocation/logDescription``).
    public var databaseDescription: String?
    /// Whether ``publicURL`` was given by the operator; when it was not, the start-up log warns that each
    /// instance builds links on its own address.
    public var publicURLIsExplicit = true
    /// The caps on connections and event streams; `nil` for those that follow from the open-file limit in
    /// force when the router is made (``run(host:port:)`` raises the limit first and sets this).
    public var descriptorBudget: DescriptorBudget?
    /// Refusals counted per interval, for the log.
    let floods = FloodLog()
    /// How often the counts of refusals are logged.
    var floodLogInterval: Duration = .seconds(10)

    /// A server over `storage`.
    public init(
        storage: any MailboxStorage, clock: any MailboxClock = SystemClock(), policy: MailboxPolicy = MailboxPolicy(),
        publicURL: String, requestLogLevel: Logger.Level = .debug
    ) {
        self.storage = storage
        self.clock = clock
        self.policy = policy
        self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        self.requestLogLevel = requestLogLevel
        broadcaster = EventBroadcaster()
        metrics = MailboxMetrics()
    }

    /// The caps in force: ``descriptorBudget``, or those that follow from the open-file limit now.
    public var budget: DescriptorBudget {
        descriptorBudget ?? DescriptorBudget.fitting(limit: OpenFileLimit.read().current, database: databaseShare, cores: System.coreCount)
    }

    /// What the reserve keeps for this server's database.
    var databaseShare: DescriptorBudget.DatabaseShare { storage is PostgresStorage ? .postgres : .sqlite }

    /// Every route, with the error shape and request logging around them; event streams capped by
    /// ``budget``. Every GET route answers HEAD too, with GET's status and headers and no body.
    public func makeRouter() -> Router<MailboxContext> {
        makeRouter(budget: budget)
    }

    func makeRouter(budget: DescriptorBudget) -> Router<MailboxContext> {
        let router = Router(context: MailboxContext.self, options: .autoGenerateHeadEndpoints)
        let routeMethods = RouteMethods()
        // The log line sees the response the error middleware made, so refusals are logged with their status.
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        router.add(middleware: RequestLogMiddleware(level: requestLogLevel, floods: floods))
        router.add(middleware: ErrorMiddleware(routeMethods: routeMethods))
        router.add(middleware: DeclaredLengthMiddleware(limit: MailboxContext.maxBodyBytes))
        HealthRoutes(storage: storage).register(on: router)
        MetricsRoutes(metrics: metrics).register(on: router)
        LandingPageRoutes(storage: storage, clock: clock, linkLifetime: policy.shareLinkLifetime).register(on: router)
        CardPageRoutes().register(on: router)

        let accounts = AccountRoutes(storage: storage, clock: clock, policy: policy, broadcaster: broadcaster)
        let shareLinks = ShareLinkRoutes(storage: storage, clock: clock, policy: policy, publicURL: publicURL, metrics: metrics)
        let verifier = VerifierRoutes(storage: storage, clock: clock, publicURL: publicURL)

        let open = router.group(RouterPath(MailboxPath.version))
        let signInLimit = SignInLimit(
            perAddress: policy.challengesPerAddressPerMinute, newcomers: policy.challengesPerMinute, known: policy.knownKeyChallengesPerMinute,
            perKnownKey: policy.challengesPerKnownKeyPerMinute, firstAsks: policy.firstChallengesPerMinute, clock: clock)
        let auth = AuthRoutes(storage: storage, clock: clock, policy: policy, limit: signInLimit)
        auth.register(on: open)
        accounts.registerPublic(on: open)
        shareLinks.registerPublic(on: open)
        verifier.registerPublic(on: open)
        // One count for every stream, an account's or a follower's: each holds a descriptor.
        let streams = EventStreamQuota(total: budget.streams, perAccount: budget.streamsPerAccount)
        CardChangeRoutes(storage: storage, broadcaster: broadcaster, metrics: metrics, policy: policy, quota: streams).register(on: open)

        let signedIn = router.group(RouterPath(MailboxPath.version)).add(middleware: BearerAuthMiddleware(storage: storage, clock: clock))
        accounts.registerSignedIn(on: signedIn)
        auth.registerSignedIn(on: signedIn)
        shareLinks.registerSignedIn(on: signedIn)
        FriendRequestRoutes(storage: storage, clock: clock, policy: policy, broadcaster: broadcaster, metrics: metrics).register(on: signedIn)
        EventRoutes(storage: storage, broadcaster: broadcaster, metrics: metrics, clock: clock, quota: streams).register(on: signedIn)
        ContactRoutes(storage: storage).register(on: signedIn)
        verifier.registerSignedIn(on: signedIn)
        WalletPassRoutes(signer: passSigner, storage: storage, clock: clock, policy: policy).register(on: signedIn)
        routeMethods.record(router)
        return router
    }

    /// What runs beside the HTTP server: the storage's services (a PostgreSQL pool and its event
    /// listener), then the broadcaster, the clean-up and the log of refusals. Shutdown goes in reverse:
    /// streams end first, the pool last.
    public var services: [any Service] {
        storage.services(waking: broadcaster) + [broadcaster, purgeService, FloodLogService(floods: floods, interval: floodLogInterval, logger: Self.defaultLogger())]
    }

    /// The background clean-up of expired rows (``PurgeCutoffs``), run by every instance.
    var purgeService: PurgeService {
        PurgeService(storage: storage, clock: clock, policy: policy, metrics: metrics, logger: Self.defaultLogger())
    }

    /// Runs the clean-up once, now: what the background service does at each interval.
    /// - Returns: how many rows of each table it deleted; `nil` when the database could not be reached.
    @discardableResult
    public func purgeExpired() async -> PurgeCounts? {
        await purgeService.runOnce()
    }

    /// Brings the storage's schema up to date and raises the next event id above the clock's floor
    /// (``EventNumbering``, so ids continue above any a client holds after a restore); the application runs
    /// it before it accepts connections.
    /// - Returns: the names of the migrations applied, oldest first.
    @discardableResult
    public func prepare() async throws -> [String] {
        let applied = try await storage.prepare()
        try await storage.continueEventIDs(above: EventNumbering.floor(at: clock.now()))
        return applied
    }

    /// The application listening on `host`:`port`, ready for `runService()`.
    ///
    /// Headers are limited to 8 KiB each, 16 KiB and 100 fields in all (past them, `431 headers_too_large`:
    /// `UnreadableRequestHandler`), a connection idle for 30 s is closed, a body
    /// must arrive within ``requestTimeLimit``, and bodies are limited per route
    /// (``MailboxContext/maxBodyBytes``). Connections are counted against ``budget`` (`ConnectionGate`):
    /// accepting pauses at its socket cap, a connection past its connection cap is answered `503
    /// server_busy` and closed, idle ones are closed early under pressure, and one that asked for no
    /// keep-alive is closed after its answer.
    public func makeApplication(host: String, port: Int, logger: Logger = MailboxServer.defaultLogger()) -> some ApplicationProtocol {
        let (limit, metrics, budget) = (requestTimeLimit, metrics, budget)
        let gate = ConnectionGate(budget: budget, metrics: metrics, floods: floods)
        let (rooms, relayServices) = makeRelayRooms()
        let relay = RelayUpgrade(rooms: rooms, clock: clock, policy: policy)
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [UnreadableRequestHandler(), RequestTimeLimitHandler(limit: limit, metrics: metrics)],
            idleTimeout: .seconds(30),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 8 * 1024, maxHeaderListSize: 16 * 1024, maxHeaderFieldCount: 100))
        var application = Application(
            router: makeRouter(budget: budget), server: .guardedHTTP1(configuration: http, gate: gate, relay: relay),
            // A queue of 4,096 connections not yet accepted (the kernel caps it at net.core.somaxconn): with
            // Hummingbird's 256, thousands of streams opening at once had 2 % of their connections reset.
            configuration: .init(
                address: .hostname(host, port: port), serverName: "handshake", backlog: 4096, availableConnectionsDelegate: gate.acceptDelegate),
            services: services + relayServices + [RelaySweeper(rooms: rooms, clock: clock)], logger: logger)
        let server = self
        application.beforeServerStarts {
            let applied = try await server.prepare()
            // The operator sees what an upgrade changed in the database, and that a restart changed nothing.
            let migrations = applied.isEmpty ? "none (the schema is up to date)" : applied.joined(separator: "; ")
            logger.info("database ready", metadata: ["migrationsApplied": "\(migrations)"])
        }
        return application
    }

    /// Listens on `host`:`port` until SIGTERM or SIGINT, then lets in-flight requests finish and returns.
    ///
    /// It first raises the open-file limit to the hard limit where it may (``OpenFileLimit/raised()``) and,
    /// unless ``descriptorBudget`` is set, takes its caps from that limit; the start-up log says both.
    /// - Throws: ``MailboxServerError/portInUse(host:port:)`` when another program listens on the port;
    ///   ``OpenFileLimitError/tooLow(limit:needed:)`` when the limit is too low to serve.
    public func run(host: String, port: Int) async throws {
        let logger = Self.defaultLogger()
        var metadata: Logger.Metadata = ["address": "\(host):\(port)", "publicURL": "\(publicURL)"]
        if let databaseDescription { metadata["database"] = "\(databaseDescription)" }
        logger.info("starting the mailbox", metadata: metadata)
        var server = self
        var limitMetadata: Logger.Metadata = [:]
        if descriptorBudget == nil {
            let limit = OpenFileLimit.raised()
            server.descriptorBudget = try DescriptorBudget(limit: limit.current, database: databaseShare, cores: System.coreCount)
            limitMetadata["openFileLimit"] = "\(limit.description)"
        }
        logger.info("\(server.budget.summary)", metadata: limitMetadata)
        if !publicURLIsExplicit {
            logger.warning(
                "no --public-url: share links are built on this instance's own address, \(publicURL); behind a proxy or a load balancer, give the address people reach")
        }
        do {
            try await server.makeApplication(host: host, port: port, logger: logger).runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw MailboxServerError.portInUse(host: host, port: port)
        }
        logger.info("stopped")
    }

    /// The server's logger: label `handshake.server`, level from `LOG_LEVEL` (default `info`).
    public static func defaultLogger() -> Logger {
        var logger = Logger(label: "handshake.server")
        let level = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0) }
        logger.logLevel = level ?? .info
        return logger
    }
}

/// Why the server could not start.
public enum MailboxServerError: HandshakeError, Equatable {
    /// Another program (perhaps another `handshake serve`) listens on the port.
    case portInUse(host: String, port: Int)

    /// The sentence for the operator.
    public var description: String {
        switch self {
        case .portInUse(let host, let port):
            "Port \(port) on \(host) is already in use: another program, perhaps another handshake serve, listens there. Stop it, or choose another port with --port."
        }
    }
}
