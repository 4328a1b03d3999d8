import Foundation

/// Where the server reads the time: expiry of challenges, sessions and share links, and the hourly
/// limit on new links, are all decided against it.
///
/// Injected rather than read from the system so tests move time forward by hand and check a 24-hour
/// expiry or a one-hour window without waiting. It is a wall clock, not a monotonic one: the times it
/// gives are stored and compared across restarts (and, later, across instances sharing one database).
public protocol MailboxClock: Sendable {
    /// The current time.
    func now() -> Date
}

/// The system's wall clock: what a running server uses.
public struct SystemClock: MailboxClock {
    /// A clock reading the system time.
    public init() {}

    /// The current system time.
    public func now() -> Date { Date() }
}

extension Date {
    /// This date as whole Unix milliseconds (rounded down), the unit every stored time uses.
    var unixMillis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }

    /// The date `millis` Unix milliseconds stand for.
    init(unixMillis millis: Int64) { self.init(timeIntervalSince1970: Double(millis) / 1000) }
}
