// Establishes where a test waits on something outside the process (a program to exit, a pipe to reach its
// end): on a thread of its own. Swift's concurrency runs every test's async work on a pool as wide as the
// machine has cores (two in CI), so a test that blocked a pool thread while a command ran held back every
// in-process exchange beside it, past its time limit. It does not make the wait shorter.
import Foundation

/// Runs `work`, which blocks, on a new thread, and resumes the caller with its result when it is done.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
