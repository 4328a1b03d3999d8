// A clock a test moves by hand, for the browser's and advertiser's timers: sleepers wake only when
// `advance(by:)` passes their deadline, so "nobody found after 30 s" takes no time to test.

import Foundation
import HandshakeExchange

final class DiscoveryManualClock: ExchangeClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Duration = .zero
    private var sleepers: [UUID: (deadline: Duration, continuation: CheckedContinuation<Void, any Error>)] = [:]

    func now() -> SessionInstant {
        SessionInstant(monotonic: lock.withLock { current }, wall: Date(timeIntervalSince1970: 1_800_000_000))
    }

    func sleep(until deadline: Duration) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let due = lock.withLock { () -> Bool in
                    if current >= deadline { return true }
                    sleepers[id] = (deadline, continuation)
                    return false
                }
                if due { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let woken = lock.withLock { () -> [CheckedContinuation<Void, any Error>] in
            current += duration
            let due = sleepers.filter { $0.value.deadline <= current }
            due.keys.forEach { sleepers.removeValue(forKey: $0) }
            return due.values.map(\.continuation)
        }
        woken.forEach { $0.resume() }
    }

    /// How many tasks are asleep on this clock.
    var sleeperCount: Int { lock.withLock { sleepers.count } }
}
