// Establishes how many event streams may be open: each holds a connection (a descriptor) for as long as
// its client stays, so one account holding a thousand of them used every descriptor and took the server
// down. Streams are counted per account and per instance; a place is given back when its stream ends,
// however it ends (its permit returns it when the response that carried it is gone).
import HandshakeCore
import HandshakeMailbox
import Synchronization

/// The event streams open on this instance, by account, against two caps.
final class EventStreamQuota: Sendable {
    /// The most streams open at once on this instance.
    let total: Int
    /// The most streams one account may hold open at once on this instance.
    let perAccount: Int
    private let open = Mutex<(total: Int, byAccount: [NodeID: Int])>((0, [:]))

    init(total: Int, perAccount: Int) {
        self.total = total
        self.perAccount = perAccount
    }

    /// A place for one more stream of `account`, held until the permit is released or gone.
    /// - Throws: ``MailboxError/tooManyEventStreams(limit:)`` (429) when the account holds its
    ///   ``perAccount`` streams, ``MailboxError/serverBusy(retryAfter:)`` (503) when the instance holds
    ///   ``total``.
    func take(for account: NodeID) throws(MailboxError) -> EventStreamPermit {
        let refusal: MailboxError? = open.withLock { open in
            if open.byAccount[account, default: 0] >= perAccount { return .tooManyEventStreams(limit: perAccount) }
            if open.total >= total { return .serverBusy(retryAfter: Self.retryAfterSeconds) }
            open.total += 1
            open.byAccount[account, default: 0] += 1
            return nil
        }
        if let refusal { throw refusal }
        return EventStreamPermit(quota: self, account: account)
    }

    /// The streams open now, on the instance and for `account`.
    func count(for account: NodeID) -> (total: Int, account: Int) {
        open.withLock { ($0.total, $0.byAccount[account, default: 0]) }
    }

    /// The seconds a client refused for the instance's cap is told to wait: streams last long, so soon is
    /// not sooner than this.
    static let retryAfterSeconds = 30

    fileprivate func giveBack(for account: NodeID) {
        open.withLock { open in
            open.total -= 1
            let left = open.byAccount[account, default: 1] - 1
            open.byAccount[account] = left > 0 ? left : nil
        }
    }
}

/// One stream's place in the ``EventStreamQuota``: given back once, by ``release()`` or when the permit
/// is gone (a response whose body was never written still frees its place).
final class EventStreamPermit: Sendable {
    private let quota: EventStreamQuota
    private let account: NodeID
    private let released = Mutex(false)

    fileprivate init(quota: EventStreamQuota, account: NodeID) {
        self.quota = quota
        self.account = account
    }

    /// Gives the place back (once; later calls do nothing).
    func release() {
        let first = released.withLock { released in
            defer { released = true }
            return !released
        }
        if first { quota.giveBack(for: account) }
    }

    deinit { release() }
}
