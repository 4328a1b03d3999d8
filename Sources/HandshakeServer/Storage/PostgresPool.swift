import HandshakeMailbox
import Logging
import NIOCore
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The connection pool behind ``PostgresStorage``, and what it does while the database is away or hung.
///
/// A `PostgresClient` alone lets a request wait as long as it cannot open a connection, and a query as long
/// as the server does not answer (PostgresNIO's queries do not end when their task is cancelled): requests
/// hung for a minute when the database stopped, for as long as a stopped (SIGSTOP) server stayed stopped, and
/// an instance took 25–30 s to notice it had come back. This pool bounds all of it:
/// - one use of the database (waiting for a connection, then every query the request runs on it) ends within
///   ``answerLimit`` (`DatabaseDeadline`). Past it, or when the connection breaks, the request fails with
///   `MailboxError.databaseUnavailable` (`503` with `Retry-After`), the connection it held is closed, which
///   drops it from the pool, and the pool is *in an outage*; a request that got no connection at all first
///   has a probe look: a database that answers it had only a busy pool, which is no outage;
/// - a statement PostgreSQL itself ended (its `statement_timeout`), a deadlock or a lock not granted is `503`
///   too, without an outage: the server answered, it was only busy;
/// - in an outage, requests fail at once instead of queueing, and a probe (a connection of its own and
///   `SELECT 1`, within ``probeLimit``) runs every ``probeInterval``;
/// - the first probe that answers ends the outage with a fresh `PostgresClient`, which carries none of the
///   old one's back-off or hung connections. The old client is shut down once the requests it lent
///   connections to are done (at most ``retireLimit``).
///
/// Until a probe has answered once (``PostgresStorage/prepare()`` probes first), requests are refused the
/// same way, without waiting: the pool's client is made from the way of connecting the probe found to work
/// (``PostgresTLS``: `prefer` and `allow` try two).
///
/// What it does not do: retry a request. A write that failed is reported, and the client sends it again. A
/// request refused past its deadline changed nothing unless its `COMMIT` had already been sent: the server,
/// once it runs again, may still carry that out, so a client that retries may meet its own earlier write
/// (a second share link; `request_pending` for a friend request).
public final class PostgresPool: Service, Sendable {
    /// How long one use of the database may take, from asking for a connection to the end of the last
    /// query on it, before the database counts as unavailable.
    public let answerLimit: Duration
    /// How often a probe tries to connect during an outage.
    public let probeInterval: Duration
    /// How long a probe may take to connect and answer `SELECT 1`.
    public let probeLimit: Duration = .seconds(3)
    /// How long a retired client may finish the requests it lent connections to. Its connections then close,
    /// and what still ran on them (a LISTEN, a request hung since the outage) fails as a use of a client
    /// already replaced, never as a new outage.
    public let retireLimit: Duration

    let configuration: PostgresStorage.Configuration
    let logger: Logger
    private let state: Mutex<State>
    private let starts: AsyncStream<ClientSlot>
    private let starter: AsyncStream<ClientSlot>.Continuation
    private let outages: AsyncStream<Void>
    private let outageBegan: AsyncStream<Void>.Continuation

    /// A pool for the database `configuration` names, bounding each use by its
    /// ``PostgresStorage/Configuration/answerLimit``. Nothing connects until ``probe()``.
    public init(
        configuration: PostgresStorage.Configuration, logger: Logger, probeInterval: Duration = .seconds(1), retireLimit: Duration = .seconds(15)
    ) {
        self.configuration = configuration
        self.logger = logger
        self.answerLimit = configuration.answerLimit
        self.probeInterval = probeInterval
        self.retireLimit = retireLimit
        state = Mutex(State())
        (starts, starter) = AsyncStream.makeStream(of: ClientSlot.self)
        (outages, outageBegan) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Runs the current client (and each one that replaces it) and the outage probe, until graceful
    /// shutdown or cancellation.
    public func run() async {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.probeDuringOutages() }
                for await slot in self.starts {
                    group.addTask { await slot.run(retireLimit: self.retireLimit) }
                }
            }
        }
    }

    /// Runs `body` with a connection of its own, all of it within ``answerLimit``.
    ///
    /// Either `body` runs or it does not run at all: a connection that arrives after the limit is handed
    /// back unused. Past the limit, a connection `body` holds is closed (its query fails and the connection
    /// leaves the pool).
    /// - Throws: `MailboxError.databaseUnavailable` in an outage, past the limit, when the connection broke
    ///   or when PostgreSQL ended a statement as too slow; otherwise what `body` throws.
    public func withConnection<Value: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Value) async throws -> Value {
        try await withConnection(within: answerLimit, body)
    }

    /// Runs `body` with a connection of its own, within `limit` (`nil`: as long as it takes — LISTEN, the
    /// migrations).
    public func withConnection<Value: Sendable>(
        within limit: Duration?, _ body: @escaping @Sendable (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let slot = try state.withLock { state throws(MailboxError) -> ClientSlot in
            guard state.outageSince == nil, let current = state.current else { throw Self.unavailable }
            current.lend()
            return current
        }
        let use = ConnectionUse()
        let work: @Sendable () async throws -> Value = {
            defer { slot.returned() }
            return try await slot.client.withConnection { connection in
                // A connection that came after the deadline goes back unused: the request was answered 503.
                guard use.hold(connection) else { throw Self.unavailable }
                return try await body(connection)
            }
        }
        do {
            guard let limit else { return try await work() }
            return try await DatabaseDeadline.run(within: limit, onLate: { use.giveUp() }, work)
        } catch is DatabaseDeadline.Passed {
            let within = limit.map { "\($0)" } ?? ""
            if use.wasHeld {
                beginOutage(because: "no answer within \(within)")
            } else {
                // No connection came in time: the database may be gone, or every pooled connection busy on a
                // healthy one (thousands of event streams opening). Only a database that does not answer a
                // connection of its own is an outage, which would refuse everyone and cut streams answered.
                checkBeforeOutage(because: "no connection within \(within)")
            }
            throw Self.unavailable
        } catch let error where Self.meansUnreachable(error) {
            // A client already replaced after an outage closes what still runs on it when it retires (a
            // LISTEN, within `retireLimit`): that is its own end, and the fresh client serves. Taking it for a
            // new outage refused everyone for a moment, 15 s after every recovery.
            if !slot.isRetired { beginOutage(because: PostgresFailure.describe(error)) }
            throw Self.unavailable
        } catch let error where Self.meansBusy(error) {
            logger.notice("PostgreSQL ended a statement; answered 503", metadata: ["cause": "\(PostgresFailure.describe(error))"])
            throw Self.unavailable
        }
    }

    /// Runs `query` on any connection and returns its rows, read into memory.
    public func rows(_ query: PostgresQuery) async throws -> [PostgresRandomAccessRow] {
        let logger = logger
        return try await withConnection { connection in
            try await connection.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
        }
    }

    /// Asks the database for an answer on a connection of its own, outside the pool (each way of connecting
    /// the URL's TLS allows, in turn), within ``probeLimit``; the first time it answers, the pool's client is
    /// made, connecting that way.
    /// - Throws: the cause, when the database does not answer or refuses (``PostgresFailure``; for
    ///   `prefer` and `allow`, the cause of the first way's failure).
    public func probe() async throws(PostgresFailure) {
        let way = try await reach()
        let fresh = state.withLock { state -> ClientSlot? in
            guard state.current == nil else { return nil }
            let slot = makeSlot(way)
            state.current = slot
            return slot
        }
        if let fresh { starter.yield(fresh) }
    }

    /// The way of connecting that answers `SELECT 1`.
    private func reach() async throws(PostgresFailure) -> PostgresTLS.Way {
        let ways = configuration.tls.ways
        var first: PostgresFailure?
        for (index, way) in ways.enumerated() {
            do {
                try await answer(by: way)
                return way
            } catch {
                let failure = PostgresFailure(error, configuration: configuration.connecting(by: way))
                first = first ?? failure
                guard index + 1 < ways.count, way.fallsBack(failure) else { break }
                logger.info("PostgreSQL did not answer this way; trying the next", metadata: ["cause": "\(failure.description)"])
            }
        }
        // The loop ran at least once: every URL allows one way.
        throw first ?? PostgresFailure(DatabaseDeadline.Passed(), configuration: configuration)
    }

    /// Connects by `way`, runs `SELECT 1` and closes, within ``probeLimit``.
    private func answer(by way: PostgresTLS.Way) async throws {
        let (settings, logger) = (configuration.connecting(by: way).connection, logger)
        let use = ConnectionUse()
        try await DatabaseDeadline.run(within: probeLimit, onLate: { use.giveUp() }) {
            let connection = try await PostgresConnection.connect(configuration: settings, id: 0, logger: logger)
            guard use.hold(connection) else {
                try? await connection.close()
                throw DatabaseDeadline.Passed()
            }
            do {
                _ = try await connection.query("SELECT 1", logger: logger).collect()
            } catch {
                try? await connection.close()
                throw error
            }
            try? await connection.close()
        }
    }

    private func makeSlot(_ way: PostgresTLS.Way) -> ClientSlot {
        ClientSlot(PostgresClient(configuration: configuration.connecting(by: way).client, backgroundLogger: logger))
    }

    static var unavailable: MailboxError { DatabaseDeadline.unavailable }

    /// Whether `error` from a query says the database cannot be reached, rather than refusing the query.
    static func meansUnreachable(_ error: any Error) -> Bool {
        if let error = error as? PSQLError {
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed: return true
            case .server:
                // Class 08 is a connection exception; 57P01–57P03 are the server shutting down or starting.
                let state = error.serverInfo?[.sqlState] ?? ""
                return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
            default: return false
            }
        }
        return error is ChannelError
    }

    /// Whether `error` says PostgreSQL answered but could not carry the statement out now: it ran past
    /// `statement_timeout` (57014), a lock was not granted (55P03), a deadlock was broken (40P01) or a
    /// serialisable transaction collided (40001). Sending the request again later may succeed.
    static func meansBusy(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, error.code == .server else { return false }
        return ["57014", "55P03", "40P01", "40001"].contains(error.serverInfo?[.sqlState] ?? "")
    }

    private func beginOutage(because reason: String) {
        let began = state.withLock { state in
            guard state.outageSince == nil else { return false }
            state.outageSince = ContinuousClock.now
            state.outagesBegun += 1
            return true
        }
        guard began else { return }
        logger.error("the database cannot be reached; requests are refused with 503 until it answers", metadata: ["cause": "\(reason)"])
        outageBegan.yield()
    }

    /// Whether the pool is in an outage: requests are refused at once until a probe answers.
    package var inOutage: Bool { state.withLock { $0.outageSince != nil } }

    /// How many outages began since the pool was made (one that ends within a probe's interval is counted too).
    package var outagesBegun: Int { state.withLock { $0.outagesBegun } }

    /// Whether a request that got no connection in time is being looked into (``checkBeforeOutage(because:)``).
    package var checkingBeforeOutage: Bool { state.withLock { $0.checking } }

    /// A request got no connection within its limit: a probe outside the pool (within ``probeLimit``) tells a
    /// database that cannot be reached, an outage, from a pool whose connections are all busy, which is only
    /// said. One check at a time; requests meanwhile are served as usual.
    private func checkBeforeOutage(because reason: String) {
        let starts = state.withLock { state in
            guard state.outageSince == nil, !state.checking else { return false }
            state.checking = true
            return true
        }
        guard starts else { return }
        Task {
            do {
                _ = try await reach()
                logger.warning("every pooled connection was busy: a request was answered 503, but the database answers", metadata: ["cause": "\(reason)"])
            } catch {
                beginOutage(because: reason)
            }
            state.withLock { $0.checking = false }
        }
    }

    /// Waits for each outage, probes until the database answers, then starts a fresh client and retires
    /// the old one.
    private func probeDuringOutages() async {
        for await _ in outages {
            var way: PostgresTLS.Way?
            while !Task.isCancelled, way == nil {
                do {
                    way = try await reach()
                } catch {
                    logger.debug("the database still cannot be reached", metadata: ["cause": "\(error.description)"])
                    try? await Task.sleep(for: probeInterval)
                }
            }
            guard let way, !Task.isCancelled else { return }
            let fresh = makeSlot(way)
            starter.yield(fresh)
            let (old, since) = state.withLock { state in
                defer { (state.current, state.outageSince) = (fresh, nil) }
                return (state.current, state.outageSince)
            }
            old?.retire()
            let length = since.map { ContinuousClock.now - $0 } ?? .zero
            logger.notice("the database answers again; requests are served", metadata: ["outage": "\(length.components.seconds) s"])
        }
    }

    private struct State {
        /// The client requests lease connections from; none until a probe has answered.
        var current: ClientSlot?
        var outageSince: ContinuousClock.Instant?
        /// A probe is finding out whether a request's wait for a connection was an outage.
        var checking = false
        var outagesBegun = 0
    }
}

/// One use of a connection under a deadline: whether the work got its connection, or the deadline came
/// first. The deadline closes a connection the work holds (its query fails, and the pool drops it); a
/// connection that arrives after the deadline is not used.
final class ConnectionUse: Sendable {
    private enum Stage {
        case waiting
        case holding(PostgresConnection)
        case over(held: Bool)
    }
    private let stage = Mutex(Stage.waiting)

    /// Takes `connection` for the work; false if the deadline already passed.
    func hold(_ connection: PostgresConnection) -> Bool {
        stage.withLock { stage in
            guard case .waiting = stage else { return false }
            stage = .holding(connection)
            return true
        }
    }

    /// The deadline passed: a held connection is closed, and none is taken from now on.
    func giveUp() {
        let held = stage.withLock { stage -> PostgresConnection? in
            switch stage {
            case .holding(let connection):
                stage = .over(held: true)
                return connection
            case .waiting:
                stage = .over(held: false)
                return nil
            case .over:
                return nil
            }
        }
        // The non-async close: it closes the channel now, which fails the query waiting on it.
        if let held {
            let closing: EventLoopFuture<Void> = held.close()
            _ = closing
        }
    }

    /// Whether the work had its connection when the deadline passed (it hung on a query, rather than
    /// waiting for a connection).
    var wasHeld: Bool {
        stage.withLock { stage in
            switch stage {
            case .holding, .over(held: true): true
            case .waiting, .over(held: false): false
            }
        }
    }
}

/// One `PostgresClient` of a ``PostgresPool``: it runs until it is retired and the requests it lent
/// connections to are done, or until ``PostgresPool/retireLimit`` has passed since it was retired.
final class ClientSlot: Sendable {
    let client: PostgresClient
    private let leases = Mutex((count: 0, retired: false))
    private let (retirement, retired) = AsyncStream.makeStream(of: Void.self)
    private let (idleness, idle) = AsyncStream.makeStream(of: Void.self)

    init(_ client: PostgresClient) {
        self.client = client
    }

    /// Counts a request that holds (or waits for) one of its connections.
    func lend() {
        leases.withLock { $0.count += 1 }
    }

    /// Counts that request's end; the last one of a retired client ends it.
    func returned() {
        if leases.withLock({ state in
            state.count -= 1
            return state.retired && state.count == 0
        }) {
            idle.finish()
        }
    }

    /// Whether a fresh client replaced it (after an outage).
    var isRetired: Bool { leases.withLock { $0.retired } }

    /// Marks it retired: it ends once no request holds a connection, or after the retire limit in any case.
    func retire() {
        if leases.withLock({ state in
            state.retired = true
            return state.count == 0
        }) {
            idle.finish()
        }
        retired.finish()
    }

    /// Runs the client until it is retired and idle (or the task is cancelled).
    func run(retireLimit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.client.run() }
            group.addTask {
                for await _ in self.retirement {}
                guard !Task.isCancelled else { return }
                await withTaskGroup(of: Void.self) { wait in
                    wait.addTask { for await _ in self.idleness {} }
                    wait.addTask { try? await Task.sleep(for: retireLimit) }
                    await wait.next()
                    wait.cancelAll()
                }
            }
            await group.next()
            group.cancelAll()
        }
    }
}
