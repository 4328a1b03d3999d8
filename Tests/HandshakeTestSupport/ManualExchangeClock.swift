import Foundation
@_spi(Wire) import HandshakeExchange
import Synchronization

/// An `ExchangeClock` a test moves by hand: sleepers wake when ``advance(by:)`` passes their deadline,
/// never by themselves, so "nobody found after 30 s" or a session's timeout takes no time to test. It is
/// the exchange's and the nearby layer's one manual clock (a session, a browser, an advertiser).
public final class ManualExchangeClock: ExchangeClock {
    private struct Sleeper {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let state: Mutex<(now: SessionInstant, sleepers: [UUID: Sleeper])>

    /// A clock at `start`: by default monotonic zero, wall time 2027-01-15T08:00:00Z.
    public init(start: SessionInstant = SessionInstant(monotonic: .zero, wall: Date(timeIntervalSince1970: 1_800_000_000))) {
        state = Mutex((start, [:]))
    }

    public func now() -> SessionInstant { state.withLock { $0.now } }

    public func sleep(until deadline: Duration) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let due = state.withLock { state -> Bool in
                    if state.now.monotonic >= deadline { return true }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if due { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now.monotonic
            let due = state.sleepers.filter { $0.value.deadline <= now }
            due.keys.forEach { state.sleepers.removeValue(forKey: $0) }
            return Array(due.values)
        }
        woken.forEach { $0.continuation.resume() }
    }

    /// How many tasks are asleep on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline a task sleeps until, `nil` when none sleeps: a test tells by it that a task
    /// woken by ``advance(by:)`` has done its work for the new time and gone back to sleep.
    public var earliestDeadline: Duration? { state.withLock { $0.sleepers.values.map(\.deadline).min() } }
}
