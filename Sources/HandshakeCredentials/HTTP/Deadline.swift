// Establishes the time limit of an exchange as a deadline for the whole of it, by the clock: connecting,
// TLS, sending and every byte of the answer together, however the other side paces them. A per-read
// timeout (URLSession's `timeoutIntervalForRequest`) restarts with each byte, so a server dripping one byte
// a second holds the caller for ever; a deadline does not. The wait is a sleep, never a poll, and the
// caller is let go the moment the deadline passes: the work is cancelled, and not waited for.

/// Sleeps for a duration: the clock an exchange's deadline runs on. The default is the system's continuous
/// clock (it keeps counting while the machine sleeps); a test passes a sleep it ends when it chooses.
package typealias DeadlineSleep = @Sendable (Duration) async throws -> Void

/// The continuous clock's sleep.
package let continuousSleep: DeadlineSleep = { try await Task.sleep(for: $0, clock: .continuous) }

/// The operation ran past its deadline.
struct DeadlinePassed: Error {}

/// Runs `operation` until it ends or `limit` passes on `sleep`, whichever is first. At the deadline it
/// throws ``DeadlinePassed`` at once and cancels the operation; cancelling the calling task cancels both.
func withDeadline<Value: Sendable>(
    _ limit: Duration, sleep: @escaping DeadlineSleep, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let first = OnceContinuation<Value>()
    let work = Task {
        do {
            first.resume(with: .success(try await operation()))
        } catch {
            first.resume(throwing: error)
        }
    }
    let timer = Task {
        // A sleep ended by cancellation is not the deadline.
        guard (try? await sleep(limit)) != nil, !Task.isCancelled else { return }
        first.resume(throwing: DeadlinePassed())
    }
    defer {
        work.cancel()
        timer.cancel()
    }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { first.set($0) }
    } onCancel: {
        first.resume(throwing: CancellationError())
    }
}
