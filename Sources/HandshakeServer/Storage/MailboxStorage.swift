import ServiceLifecycle

/// Everything the mailbox keeps, as one protocol the routes are written against.
///
/// Each resource declares its own queries (``MailboxAccountStorage``, ``ShareLinkStorage``,
/// ``FriendRequestStorage``, ``ContactStorage``, ``EventStorage``, ``VerifierRequestStorage``, ``PassSignatureStorage``); a backend implements them all, over one database, so
/// operations that span resources (a link burned with the request it carries, contacts written with an
/// accept) are single transactions. Two backends exist: ``SQLiteStorage`` (one process, the embedded
/// default) and ``PostgresStorage`` (several instances sharing one database).
public protocol MailboxStorage: MailboxAccountStorage, ShareLinkStorage, FriendRequestStorage, ContactStorage, EventStorage, VerifierRequestStorage,
    PassSignatureStorage, PurgeStorage
{
    /// Whether the database answers: what `/health` reports.
    func isHealthy() async -> Bool

    /// Brings the schema up to date. The server calls it before it accepts connections; a backend that
    /// migrates when it is opened only reports what it did then.
    /// - Returns: the names of the migrations applied, oldest first (none when the schema was up to date),
    ///   which the start-up log lists.
    @discardableResult
    func prepare() async throws -> [String]

    /// What must run beside the server while it serves: a connection pool, a listener that wakes this
    /// instance's event streams (through `broadcaster`) when another instance records events. They stop
    /// on graceful shutdown.
    func services(waking broadcaster: EventBroadcaster) -> [any Service]
}

extension MailboxStorage {
    /// Nothing to do and nothing to report.
    @discardableResult
    public func prepare() async throws -> [String] { [] }

    /// None: every change happens in this process, whose routes wake their streams themselves.
    public func services(waking broadcaster: EventBroadcaster) -> [any Service] { [] }
}
