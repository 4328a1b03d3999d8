// Establishes how many event streams may be open: each holds a connection (a descriptor) for as long as
// its client stays, so one account holding a thousand of them used every descriptor and took the server
// down. Streams are counted per holder (an account's event streams, an address's card-change streams, which
// need no account) and per instance, both kinds together; a place is given back when its stream ends,
// however it ends (its permit returns it when the response that carried it is gone).
import HandshakeCore
import HandshakeMailbox
import Synchronization

/// Who holds a stream, for its cap.
enum StreamHolder: Hashable, Sendable {
    /// A signed-in account's event stream.
    case account(NodeID)
    /// A card-change stream, by the address it comes from (the client's, as the sign-in limit reads it).
    case address(String)
}

/// The event streams open on this instance, by holder, against two caps.
final class EventStreamQuota: Sendable {
    /// The most streams open at once on this instance.
    let total: Int
    /// The most streams one account (or one address) may hold open at once on this instance.
    let perAccount: Int
    private let open = Mutex<(total: Int, byHolder: [StreamHolder: Int])>((0, [:]))

    init(total: Int, perAccount: Int) {
        self.total = total
        self.perAccount = perAccount
    }

    /// A place for one more stream of `account`, held until the permit is released or gone.
    /// - Throws: ``MailboxError/tooManyEventStreams(limit:)`` (429) when the account holds its
    ///   ``perAccount`` streams, ``MailboxError/serverBusy(retryAfter:)`` (503) when the instance holds
    ///   ``total``.
    func take(for account: NodeID) throws(MailboxError) -> EventStreamPermit {
        try take(for: .account(account))
    }

    /// A place for one more stream of `holder`: ``take(for:)-(NodeID)``'s rule, with
    /// ``MailboxError/tooManyCardStreams(limit:)`` for an address past its cap.
    func take(for holder: StreamHolder) throws(MailboxError) -> EventStreamPermit {
        let refusal: MailboxError? = open.withLock { open in
            if open.byHolder[holder, default: 0] >= perAccount {
                if case .address = holder { return .tooManyCardStreams(limit: perAccount) }
                return .tooManyEventStreams(limit: perAccount)
            }
            if open.total >= total { return .serverBusy(retryAfter: Self.retryAfterSeconds) }
            open.total += 1
            open.byHolder[holder, default: 0] += 1
            return nil
        }
        if let refusal { throw refusal }
        return EventStreamPermit(quota: self, holder: holder)
    }

    /// The streams open now, on the instance and for `account`.
    func count(for account: NodeID) -> (total: Int, account: Int) {
        open.withLock { ($0.total, $0.byHolder[.account(account), default: 0]) }
    }

    /// The seconds a client refused for the instance's cap is told to wait: streams last long, so soon is
    /// not sooner than this.
    static let retryAfterSeconds = 30

    fileprivate func giveBack(for holder: StreamHolder) {
        open.withLock { open in
            open.total -= 1
            let left = open.byHolder[holder, default: 1] - 1
            open.byHolder[holder] = left > 0 ? left : nil
        }
    }
}

/// One stream's place in the ``EventStreamQuota``: given back once, by ``release()`` or when the permit
/// is gone (a response whose body was never written still frees its place).
final class EventStreamPermit: Sendable {
    private let quota: EventStreamQuota
    private let holder: StreamHolder
    private let released = Mutex(false)

    fileprivate init(quota: EventStreamQuota, holder: StreamHolder) {
        self.quota = quota
        self.holder = holder
    }

    /// Gives the place back (once; later calls do nothing).
    func release() {
        let first = released.withLock { released in
            defer { released = true }
            return !released
        }
        if first { quota.giveBack(for: holder) }
    }

    deinit { release() }
}
