// Establishes how a test stops a child process it started, whatever path the test takes: SIGTERM, a grace
// period, then SIGKILL, and the exit waited for. The test process's threads block SIGTERM and a child
// inherits that mask, so a child that does not unblock it (a Python script) never sees `terminate()` and
// outlives the run; waiting for the exit makes "stopped" mean stopped.
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Process {
    /// Stops the process if it runs: SIGTERM, then SIGKILL once `grace` has passed (or at once, if the task
    /// is cancelled); returns when it has exited. Safe to call more than once, and on a process that ended.
    public func stop(grace: Duration = .seconds(3)) async {
        guard isRunning else { return }
        terminate()
        let deadline = ContinuousClock.now + grace
        while isRunning, ContinuousClock.now < deadline, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(20))
        }
        if isRunning { kill(processIdentifier, SIGKILL) }
        let process = UncheckedProcess(self)
        _ = try? await onOwnThread { process.value.waitUntilExit() }
    }
}

/// A `Process` handed to the waiting thread: `waitUntilExit` is safe from any thread.
private struct UncheckedProcess: @unchecked Sendable {
    let value: Process
    init(_ value: Process) { self.value = value }
}
