// Establishes a deadline a test ends by hand: whatever sleeps on it sleeps until the test calls `pass()`,
// never by the clock, so "the exchange ends at its deadline and not before" is tested without waiting.
import Foundation
import Synchronization

public final class ManualDeadline: Sendable {
    private let state = Mutex((passed: false, sleepers: [UUID: CheckedContinuation<Void, any Error>]()))

    public init() {}

    /// A sleep that ends when the deadline is passed (whatever duration it is asked for), or throws when
    /// its task is cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void {
        { _ in try await self.wait() }
    }

    /// How many tasks sleep on it.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Ends every sleep, and every one to come.
    public func pass() {
        let woken = state.withLock { state in
            state.passed = true
            defer { state.sleepers = [:] }
            return Array(state.sleepers.values)
        }
        woken.forEach { $0.resume() }
    }

    private func wait() async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let passed = state.withLock { state in
                    if !state.passed { state.sleepers[id] = continuation }
                    return state.passed
                }
                if passed { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }
}
