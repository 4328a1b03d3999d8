// Establishes where a session's heavy work runs so the cards never wait behind it: on a thread of its own that
// the system schedules after the threads handling the cards. A task's priority does not do this on Linux,
// where the cooperative pool's threads all run at one priority: there two devices' common-friends
// computations (an X25519 per contact, about 9 ms a side at 100) took the CPU from the card path and doubled
// the time from connect to both cards verified between two processes on two cores (docs/performance.md).
// On Linux the thread's nice value is raised (it is a thread's own there, not the process's): it still runs
// whenever a core is free, and is never starved, only preempted by the work at normal priority.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

enum BackgroundThread {
    /// The nice value the thread takes on Linux (normal work runs at 0): about a tenth of a normal thread's
    /// share of a busy core, and all of an idle one.
    static let niceness: Int32 = 10

    /// Runs `body` on a new thread at background priority and returns its result; the caller waits without
    /// holding a thread.
    static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { (done: CheckedContinuation<Result, Never>) in
            let thread = Thread {
                #if os(Linux)
                    // PRIO_PROCESS with 0 names the calling thread on Linux (setpriority(2), "Bugs"). A
                    // refusal leaves the thread at normal priority: slower cards, never a wrong result.
                    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
                #endif
                done.resume(returning: body())
            }
            thread.qualityOfService = .utility
            thread.start()
        }
    }
}
