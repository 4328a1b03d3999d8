import HandshakeCore
import ServiceLifecycle

/// Wakes the event streams of accounts when something was recorded for them (and the card-change streams
/// that follow an account when its card changed), sends keep-alive ticks, and ends every stream when the
/// server shuts down gracefully.
///
/// It carries no event data: a woken stream reads the event log (``EventStorage``) from the last id it
/// sent, so a missed wake-up costs nothing but latency. It works within one process; instances sharing a
/// PostgreSQL database hear of each other's events through ``PostgresEventRelay`` (LISTEN/NOTIFY), which
/// calls ``notify(_:)`` here.
public actor EventBroadcaster: Service {
    /// What a stream is woken for.
    public enum Signal: Sendable {
        /// New events may be in the log.
        case changed
        /// Nothing new; write a comment so proxies and idle timers keep the connection.
        case keepAlive
    }

    private var subscribers: [Int: (accounts: Set<NodeID>, continuation: AsyncStream<Signal>.Continuation)] = [:]
    private var nextID = 0
    private var shuttingDown = false
    private let keepAliveInterval: Duration

    /// A broadcaster sending a keep-alive every `keepAliveInterval` while it runs as a service.
    public init(keepAliveInterval: Duration = .seconds(15)) {
        self.keepAliveInterval = keepAliveInterval
    }

    /// A stream of signals for `account`'s event stream, and the id to unsubscribe with. After shutdown
    /// has begun the stream is already finished.
    func subscribe(_ account: NodeID) -> (Int, AsyncStream<Signal>) {
        subscribe(followingAll: [account])
    }

    /// A stream of signals woken when any of `accounts` changes (a card-change stream follows many), and
    /// the id to unsubscribe with.
    func subscribe(followingAll accounts: Set<NodeID>) -> (Int, AsyncStream<Signal>) {
        let (stream, continuation) = AsyncStream<Signal>.makeStream(bufferingPolicy: .bufferingNewest(1))
        nextID += 1
        if shuttingDown {
            continuation.finish()
        } else {
            subscribers[nextID] = (accounts, continuation)
        }
        return (nextID, stream)
    }

    func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.continuation.finish()
    }

    /// Wakes every stream of these accounts.
    public func notify(_ accounts: [NodeID]) {
        for subscriber in subscribers.values where !subscriber.accounts.isDisjoint(with: accounts) {
            subscriber.continuation.yield(.changed)
        }
    }

    /// Wakes every stream: after a listener (re)connects, when it cannot know what it missed.
    public func notifyAll() {
        for subscriber in subscribers.values { subscriber.continuation.yield(.changed) }
    }

    /// Sends keep-alives until graceful shutdown, then finishes every stream so open responses end and the
    /// server can stop.
    public func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: self.keepAliveInterval)
                await self.keepAlive()
            }
        }
        finishAll()
    }

    private func keepAlive() {
        for subscriber in subscribers.values { subscriber.continuation.yield(.keepAlive) }
    }

    /// Ends every stream and refuses new ones.
    public func finishAll() {
        shuttingDown = true
        for subscriber in subscribers.values { subscriber.continuation.finish() }
        subscribers.removeAll()
    }
}
