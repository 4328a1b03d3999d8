import HandshakeMailbox
import Logging
import NIOCore
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The connection pool behind ``PostgresStorage``, and what it does while the database is away.
///
/// A `PostgresClient` alone lets a request wait as long as it cannot open a connection (a minute, until its
/// circuit breaker opens and fails every request at once) and retries with a back-off that grows to a
/// minute: requests hung for a minute when the database stopped, and an instance took 25–30 s to notice it
/// had come back. This pool bounds both:
/// - a request waits at most ``leaseLimit`` for a connection. Past it, or when the connection it was
///   given breaks, it fails with `MailboxError.databaseUnavailable` (`503` with
///   `Retry-After`), and the pool is *in an outage*;
/// - in an outage, requests fail at once instead of queueing, and a probe opens a connection of its own
///   every ``probeInterval``;
/// - the first probe that connects ends the outage with a fresh `PostgresClient`, which carries none of the
///   old one's back-off. The old client is shut down once the requests it lent connections to are done
///   (at most ``retireLimit``).
///
/// Until a probe has connected once (``PostgresStorage/prepare()`` probes first), requests are refused the
/// same way, without waiting: nothing leases a connection before the database has been seen to answer.
///
/// What it does not do: retry a request. A write that failed is reported, and the client sends it again.
public final class PostgresPool: Service, Sendable {
    /// How long a request waits for a connection before the database counts as unavailable.
    public let leaseLimit: Duration
    /// How often a probe tries to connect during an outage.
    public let probeInterval: Duration
    /// How long a retired client may finish the requests it lent connections to.
    public let retireLimit: Duration = .seconds(15)
    /// The seconds a refused client is told to wait (`Retry-After`).
    static let retryAfterSeconds = 5

    let configuration: PostgresStorage.Configuration
    let logger: Logger
    private let state: Mutex<State>
    private let starts: AsyncStream<ClientSlot>
    private let starter: AsyncStream<ClientSlot>.Continuation
    private let outages: AsyncStream<Void>
    private let outageBegan: AsyncStream<Void>.Continuation

    /// A pool for the database `configuration` names. Nothing connects until ``run()``.
    public init(
        configuration: PostgresStorage.Configuration, logger: Logger, leaseLimit: Duration = .seconds(3), probeInterval: Duration = .seconds(1)
    ) {
        self.configuration = configuration
        self.logger = logger
        self.leaseLimit = leaseLimit
        self.probeInterval = probeInterval
        let first = ClientSlot(PostgresClient(configuration: configuration.client, backgroundLogger: logger))
        state = Mutex(State(current: first))
        (starts, starter) = AsyncStream.makeStream(of: ClientSlot.self)
        (outages, outageBegan) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        starter.yield(first)
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

    /// Runs `body` with a connection of its own, waiting at most ``leaseLimit`` for one.
    ///
    /// Either `body` runs to its end or it does not run at all: a connection that arrives just after the
    /// limit is handed back unused, so a request answered `503` changed nothing.
    /// - Throws: `MailboxError.databaseUnavailable` in an outage, when no connection came in
    ///   time, or when the connection broke; otherwise what `body` throws.
    public func withConnection<Value: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Value) async throws -> Value {
        let slot = try state.withLock { state throws(MailboxError) -> ClientSlot in
            guard state.hasAnswered, state.outageSince == nil else { throw Self.unavailable }
            state.current.lend()
            return state.current
        }
        defer { slot.returned() }
        let claim = LeaseClaim()
        do {
            return try await withThrowingTaskGroup(of: Value?.self) { group in
                group.addTask {
                    try await slot.client.withConnection { connection in
                        guard claim.take(.leased) else { throw Self.unavailable }
                        return try await body(connection)
                    }
                }
                group.addTask {
                    try? await Task.sleep(for: self.leaseLimit)
                    return nil
                }
                while let next = try await group.next() {
                    if let value = next {
                        group.cancelAll()
                        return value
                    }
                    // The timer rang: a connection not lent by now is not waited for.
                    if claim.take(.abandoned) {
                        group.cancelAll()
                        throw OutageSign.noConnectionInTime
                    }
                }
                throw CancellationError()
            }
        } catch OutageSign.noConnectionInTime {
            beginOutage(because: "no connection within \(leaseLimit)")
            throw Self.unavailable
        } catch let error where Self.meansUnreachable(error) {
            beginOutage(because: PostgresFailure.describe(error))
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

    /// Opens one connection of its own, outside the pool, and closes it: the database's answer, with its
    /// cause when it refuses (``PostgresFailure``).
    public func probe() async throws(PostgresFailure) {
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration.connection, id: 0, logger: logger)
            try? await connection.close()
            state.withLock { $0.hasAnswered = true }
        } catch {
            throw PostgresFailure(error, configuration: configuration)
        }
    }

    static var unavailable: MailboxError { .databaseUnavailable(retryAfter: retryAfterSeconds) }

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

    private func beginOutage(because reason: String) {
        let began = state.withLock { state in
            guard state.outageSince == nil else { return false }
            state.outageSince = ContinuousClock.now
            return true
        }
        guard began else { return }
        logger.error("the database cannot be reached; requests are refused with 503 until it answers", metadata: ["cause": "\(reason)"])
        outageBegan.yield()
    }

    /// Waits for each outage, probes until the database answers, then starts a fresh client and retires
    /// the old one.
    private func probeDuringOutages() async {
        for await _ in outages {
            while !Task.isCancelled {
                do {
                    try await probe()
                    break
                } catch {
                    logger.debug("the database still cannot be reached", metadata: ["cause": "\(error.description)"])
                    try? await Task.sleep(for: probeInterval)
                }
            }
            if Task.isCancelled { return }
            let fresh = ClientSlot(PostgresClient(configuration: configuration.client, backgroundLogger: logger))
            starter.yield(fresh)
            let (old, since) = state.withLock { state in
                defer { (state.current, state.outageSince) = (fresh, nil) }
                return (state.current, state.outageSince)
            }
            old.retire()
            let length = since.map { ContinuousClock.now - $0 } ?? .zero
            logger.notice("the database answers again; requests are served", metadata: ["outage": "\(length.components.seconds) s"])
        }
    }

    private struct State {
        var current: ClientSlot
        var outageSince: ContinuousClock.Instant?
        /// Whether a probe has connected since the pool was made.
        var hasAnswered = false
    }

    /// Who got to a lease first: the request, or the timer that gave up on it.
    private final class LeaseClaim: Sendable {
        enum Outcome { case waiting, leased, abandoned }
        private let outcome = Mutex(Outcome.waiting)

        /// Moves from `waiting` to `outcome`; false if the other side got there first.
        func take(_ taken: Outcome) -> Bool {
            outcome.withLock { outcome in
                guard outcome == .waiting else { return false }
                outcome = taken
                return true
            }
        }
    }

    private enum OutageSign: Error { case noConnectionInTime }
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
