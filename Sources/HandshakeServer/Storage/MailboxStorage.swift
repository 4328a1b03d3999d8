/// Everything the mailbox keeps, as one protocol the routes are written against.
///
/// Each resource declares its own queries (``AccountStorage``, ``ShareLinkStorage``,
/// ``FriendRequestStorage``, ``ContactStorage``, ``EventStorage``); a backend implements them all, over one database, so
/// operations that span resources (a link burned with the request it carries, contacts written with an
/// accept) are single transactions. ``SQLiteStorage`` is the backend that exists today.
public protocol MailboxStorage: AccountStorage, ShareLinkStorage, FriendRequestStorage, ContactStorage, EventStorage {
    /// Whether the database answers: what `/health` reports.
    func isHealthy() async -> Bool
}
