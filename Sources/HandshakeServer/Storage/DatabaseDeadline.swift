// Establishes the client-side deadline every database access of the mailbox runs under, on both backends:
// the caller has its answer when the deadline passes, whatever the database does. A database that stops
// answering (a PostgreSQL stopped by SIGSTOP, a SQLite file locked by another program) used to hold a request
// for as long as it stayed stopped, because neither PostgresNIO's queries nor GRDB's queued writes end when
// their task is cancelled. Here the work runs in a task of its own; when the deadline passes first, the caller
// is answered at once, the work is cancelled, and `onLate` runs (PostgreSQL closes the connection, so the
// query fails and the connection leaves the pool). The work may still end later, in the background.
import HandshakeMailbox
import Synchronization

/// Runs database work with a deadline the caller can count on.
enum DatabaseDeadline {
    /// The work did not end in time (the caller's outcome; the work itself was cancelled).
    struct Passed: Error {}

    /// The seconds a client refused for the database's sake is told to wait (`Retry-After`).
    static let retryAfterSeconds = 5

    /// The refusal for a database that did not answer in time, is busy past its limits, or is away:
    /// `503 database_unavailable` with `Retry-After`.
    static var unavailable: MailboxError { .databaseUnavailable(retryAfter: retryAfterSeconds) }

    /// `work`'s outcome, or ``Passed`` once `limit` has passed, whichever comes first.
    ///
    /// When the deadline wins, `work` is cancelled and `onLate` runs before the caller resumes; when the
    /// caller's task is cancelled, so is `work`, and the caller resumes with `CancellationError` at once.
    static func run<Value: Sendable>(
        within limit: Duration, onLate: @escaping @Sendable () -> Void = {}, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let race = Race<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                race.start(continuation)
                let worker = Task {
                    let outcome: Result<Value, any Error>
                    do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
                    race.finish(with: outcome)
                }
                let timer = Task {
                    try? await Task.sleep(for: limit)
                    guard !Task.isCancelled else { return }
                    race.finish(with: .failure(Passed()), before: {
                        worker.cancel()
                        onLate()
                    })
                }
                race.hold(worker: worker, timer: timer)
            }
        } onCancel: {
            race.finish(with: .failure(CancellationError()))
        }
    }

    /// Who answers the caller: the work, the timer or a cancellation, whichever comes first.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            var outcome: Result<Value, any Error>?
            var worker: Task<Void, Never>?
            var timer: Task<Void, Never>?
        }
        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<Value, any Error>) {
            // A cancellation that came before the continuation existed is answered now.
            let early = state.withLock { state -> Result<Value, any Error>? in
                if let outcome = state.outcome { return outcome }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(with: early) }
        }

        func hold(worker: Task<Void, Never>, timer: Task<Void, Never>) {
            let over = state.withLock { state -> Bool in
                guard state.outcome == nil else { return true }
                (state.worker, state.timer) = (worker, timer)
                return false
            }
            if over {
                worker.cancel()
                timer.cancel()
            }
        }

        /// Answers the caller with `outcome` unless someone answered first; `before` runs only for the winner.
        func finish(with outcome: Result<Value, any Error>, before: () -> Void = {}) {
            let won = state.withLock { state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?, Task<Void, Never>?)? in
                guard state.outcome == nil else { return nil }
                state.outcome = outcome
                defer { (state.continuation, state.worker, state.timer) = (nil, nil, nil) }
                return (state.continuation, state.worker, state.timer)
            }
            guard let won else { return }
            let (continuation, worker, timer) = won
            timer?.cancel()
            worker?.cancel()
            before()
            continuation?.resume(with: outcome)
        }
    }
}
