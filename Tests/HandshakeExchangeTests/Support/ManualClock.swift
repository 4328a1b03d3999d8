import Foundation
import Synchronization

@testable import HandshakeExchange

/// A clock the test moves by hand: sleepers wake when ``advance(by:)`` passes their deadline, never by
/// themselves, so a timeout test takes no time at all.
final class ManualClock: ExchangeClock {
    struct Sleeper {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    struct Contents {
        var now = SessionPair.start
        var sleepers: [UUID: Sleeper] = [:]
    }

    let contents = Mutex(Contents())

    func now() -> SessionInstant { contents.withLock { $0.now } }

    func sleep(until deadline: Duration) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let due = contents.withLock { contents -> Bool in
                    if contents.now.monotonic >= deadline { return true }
                    contents.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return false
                }
                if due { continuation.resume() }
            }
        } onCancel: {
            contents.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let woken = contents.withLock { contents -> [Sleeper] in
            contents.now = contents.now.advanced(by: duration)
            let due = contents.sleepers.filter { $0.value.deadline <= contents.now.monotonic }
            due.keys.forEach { contents.sleepers.removeValue(forKey: $0) }
            return Array(due.values)
        }
        woken.forEach { $0.continuation.resume() }
    }
}
