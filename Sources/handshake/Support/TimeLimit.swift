import ArgumentParser

/// A command's `--time-limit SECONDS`: how long a server may take to answer, its one range and its reading as
/// a duration, for every command that asks a server (add, contacts refresh).
enum TimeLimit {
    /// The seconds a `--time-limit` may give.
    static let range = 0.1...300.0

    /// Refuses a `--time-limit` out of ``range`` (exit status 2).
    static func validate(_ seconds: Double?) throws {
        if let seconds, !range.contains(seconds) { throw ValidationError("--time-limit must be between 0.1 and 300 seconds.") }
    }

    /// The duration `seconds` gives, to the millisecond.
    static func duration(_ seconds: Double) -> Duration { .milliseconds(Int((seconds * 1000).rounded())) }
}
