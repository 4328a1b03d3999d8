// Establishes how a test stops waiting on something outside (a database, a stream, a child process): at its
// limit, whatever the work does. A task group cannot do this: leaving one waits for every child, and some
// work does not end when cancelled (a PostgresNIO lease, a query on a stopped server), so a limit written
// as a group held a test, and with it the whole suite, until CI's own limit ended the run.
import Synchronization

/// Runs `work`, and gives up on it after `limit`: a test that waits on something outside must fail with a
/// sentence rather than hang. The work is cancelled when the limit passes (or when the caller is), and the
/// caller resumes at once; work that ignores its cancellation goes on in the background until it ends.
/// - Throws: ``TimeLimitExceeded`` naming `what`, `CancellationError`, or what `work` throws.
public func withTimeLimit<Value: Sendable>(
    _ limit: Duration, _ what: String, _ work: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let race = TimeLimitRace<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            race.start(continuation)
            let worker = Task { race.finish(with: await Result { try await work() }) }
            let timer = Task {
                try? await Task.sleep(for: limit)
                guard !Task.isCancelled else { return }
                race.finish(with: .failure(TimeLimitExceeded(description: "\(what): nothing within \(limit)")))
            }
            race.hold(worker, timer)
        }
    } onCancel: {
        race.finish(with: .failure(CancellationError()))
    }
}

/// What ``withTimeLimit(_:_:_:)`` throws when the time ran out.
public struct TimeLimitExceeded: Error, CustomStringConvertible {
    public let description: String
}

extension Result where Failure == any Error {
    /// The outcome of async `body`.
    init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

/// Who answers the caller of ``withTimeLimit(_:_:_:)``: the work, the timer or a cancellation, whichever
/// comes first; the other two tasks are cancelled.
private final class TimeLimitRace<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var outcome: Result<Value, any Error>?
        var tasks: [Task<Void, Never>] = []
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

    func hold(_ tasks: Task<Void, Never>...) {
        let over = state.withLock { state -> Bool in
            guard state.outcome == nil else { return true }
            state.tasks = tasks
            return false
        }
        if over { tasks.forEach { $0.cancel() } }
    }

    func finish(with outcome: Result<Value, any Error>) {
        let won = state.withLock { state -> (CheckedContinuation<Value, any Error>?, [Task<Void, Never>])? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { (state.continuation, state.tasks) = (nil, []) }
            return (state.continuation, state.tasks)
        }
        guard let (continuation, tasks) = won else { return }
        tasks.forEach { $0.cancel() }
        continuation?.resume(with: outcome)
    }
}
