// Establishes how the server's caps follow from its open-file limit, so that no flood of connections or
// event streams can take the last descriptor: libdispatch traps (`Illegal instruction`) when it cannot
// open `/proc/TID/stat`, the database cannot open a connection, and the log cannot be written. Pure
// arithmetic, with its own tests; `OpenFileLimit` reads the limit and `ConnectionGate` enforces the caps.

/// The caps that follow from an open-file limit: how many connections are accepted, served and kept idle,
/// how many event streams are held, and how many descriptors are left alone for everything else.
///
/// From the limit `L` (the soft `RLIMIT_NOFILE` in force):
/// - **reserve** `R` = the runtime's share (`runtimeReserve`: standard streams, the event loops' epoll,
///   eventfd and timerfd, the listening socket, the files libdispatch and Foundation open for a moment,
///   the few sockets an accept can take past a pause) plus the database's share (``DatabaseShare``);
/// - **sockets** `S = L − R`: the most accepted connections held at once. At `S` the server stops
///   accepting; new connections wait in the kernel's queue until one closes;
/// - **refusal room** `H = max(8, S / 16)`, and **connections** `C = S − H`: the connections served at
///   once. A connection accepted past `C` is answered `503 server_busy` with a sentence (to its first
///   request, or closed after ``refusalWait`` without one) and closed, so it holds its descriptor for
///   moments only;
/// - **pressure** `P = C × 3 / 4`: from `P` connections served, a kept-alive connection with no request
///   in flight for ``pressureIdleTime`` is closed, making room for clients that have something to ask;
/// - **event streams** `C / 2` on the instance (the other half stays for short requests), and
///   ``streamsPerAccount`` per account. Past either, a stream is refused (`503`, `429`).
///
/// A limit that leaves fewer than ``minimumSockets`` is refused at start-up (``OpenFileLimitError``).
public struct DescriptorBudget: Sendable, Equatable {
    /// What the database holds open, by backend.
    public enum DatabaseShare: Sendable, Equatable {
        /// One SQLite file in WAL mode: the writer and up to five readers (GRDB's pool), each with the
        /// database and its `-wal` open (the `-shm` is one descriptor shared by all), and the lock file.
        case sqlite
        /// PostgreSQL: the pool's 20 connections, twice (after an outage a fresh pool opens while the old
        /// one finishes its requests), the LISTEN connection and the outage probe.
        case postgres

        /// The descriptors kept for it.
        public var descriptors: Int {
            switch self {
            case .sqlite: 16
            case .postgres: 48
            }
        }
    }

    /// The open-file limit the caps follow from.
    public let limit: Int
    /// The database the reserve includes.
    public let database: DatabaseShare
    /// The descriptors kept for the runtime, the log and the database: never used for connections.
    public let reserve: Int
    /// The most accepted connections held at once (`S`): accepting pauses there.
    public let sockets: Int
    /// The connections served at once (`C`); past it, a connection is answered `503` and closed.
    public let connections: Int
    /// The number of connections served from which idle ones are closed early (`P`).
    public let pressureThreshold: Int
    /// The event streams held open on this instance, by every account together.
    public let streams: Int
    /// The event streams one account may hold open on this instance.
    public let streamsPerAccount: Int

    /// The runtime's share of the reserve for a machine with `cores` event loops: 64, plus 4 per loop.
    public static func runtimeReserve(cores: Int) -> Int { 64 + 4 * max(cores, 1) }
    /// The fewest sockets a limit must leave for the server to start.
    public static let minimumSockets = 64
    /// How long a connection accepted past the cap may take to send its first request before it is
    /// closed without an answer (2 s).
    public var refusalWait: Duration = .seconds(2)
    /// How long a kept-alive connection may sit with no request in flight while the server is under
    /// pressure (1 s).
    public var pressureIdleTime: Duration = .seconds(1)
    /// The seconds a refused client is told to wait (`Retry-After`).
    public static let retryAfterSeconds = 2
    /// The default streams per account: a person's phone, laptop, tablet and a few more.
    public static let defaultStreamsPerAccount = 8

    /// The caps for `limit` open files, a database of kind `database`, on `cores` event loops.
    /// - Throws: ``OpenFileLimitError/tooLow(limit:needed:)`` when the limit leaves fewer than
    ///   ``minimumSockets`` for connections.
    public init(limit: Int, database: DatabaseShare, cores: Int, streamsPerAccount: Int = defaultStreamsPerAccount) throws(OpenFileLimitError) {
        let needed = Self.runtimeReserve(cores: cores) + database.descriptors + Self.minimumSockets
        guard limit >= needed else { throw .tooLow(limit: limit, needed: needed) }
        self.init(checked: limit, database: database, cores: cores, streamsPerAccount: streamsPerAccount)
    }

    /// The caps for `limit`, or for the lowest limit the server starts with when `limit` is lower: for a
    /// router made outside ``MailboxServer/run(host:port:)`` (tests), which refuses such a limit.
    public static func fitting(limit: Int, database: DatabaseShare, cores: Int) -> DescriptorBudget {
        let needed = runtimeReserve(cores: cores) + database.descriptors + minimumSockets
        return DescriptorBudget(checked: max(limit, needed), database: database, cores: cores, streamsPerAccount: defaultStreamsPerAccount)
    }

    private init(checked limit: Int, database: DatabaseShare, cores: Int, streamsPerAccount: Int) {
        let reserve = Self.runtimeReserve(cores: cores) + database.descriptors
        self.limit = limit
        self.database = database
        self.reserve = reserve
        sockets = limit - reserve
        connections = sockets - max(8, sockets / 16)
        pressureThreshold = connections * 3 / 4
        streams = connections / 2
        self.streamsPerAccount = max(1, min(streamsPerAccount, streams))
    }

    /// The start-up log's sentence: the limit and each cap that follows from it.
    public var summary: String {
        "open-file limit \(limit): up to \(connections) connections served (\(sockets - connections) more are answered 503 and closed; "
            + "accepting pauses at \(sockets)), idle ones closed after \(pressureIdleTime.components.seconds) s from \(pressureThreshold) on, "
            + "\(streams) event streams (\(streamsPerAccount) per account), \(reserve) descriptors kept for the database, the log and the runtime"
    }
}
