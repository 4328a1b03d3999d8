// Establishes that a flood of refusals costs the log a line per kind per interval, not a line per refusal:
// a flood of refused sign-ins wrote about 5 MB of log in 15 s at `info`. The first refusal of each kind in
// an interval is logged as it happens (an operator sees it at once); the rest are counted, and the counts
// are written as one line when the interval ends.
import Logging
import ServiceLifecycle
import Synchronization

/// Refusals counted by kind over an interval.
///
/// A kind is a short text naming what was refused (`429 POST /v1/auth/challenge`, `connections past the
/// cap answered 503 server_busy`): routes by their template, so the kinds are a small set whatever a
/// client sends. `FloodLogService` writes and empties it every interval.
public final class FloodLog: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    /// An empty log.
    public init() {}

    /// Counts one refusal of `kind`.
    /// - Returns: whether it is the first of its kind since the last ``drain()``: the one to log in full.
    @discardableResult
    public func count(_ kind: String) -> Bool {
        counts.withLock { counts in
            counts[kind, default: 0] += 1
            return counts[kind] == 1
        }
    }

    /// The counts since the last drain, and a fresh start.
    public func drain() -> [String: Int] {
        counts.withLock { counts in
            defer { counts.removeAll() }
            return counts
        }
    }

    /// The line for `counts` over `seconds`, kinds most frequent first; `nil` when nothing was refused.
    public static func line(_ counts: [String: Int], seconds: Int) -> String? {
        guard !counts.isEmpty else { return nil }
        let parts = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.value) × \($0.key)" }
        return "refused in the last \(seconds) s: " + parts.joined(separator: "; ")
    }
}

/// Writes the ``FloodLog``'s counts as one line every interval, and once more at shutdown.
struct FloodLogService: Service {
    let floods: FloodLog
    let interval: Duration
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: interval)
                flush()
            }
        }
        flush()
    }

    private func flush() {
        if let line = FloodLog.line(floods.drain(), seconds: Int(interval.components.seconds)) { logger.info("\(line)") }
    }
}
