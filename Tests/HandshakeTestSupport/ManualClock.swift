import Foundation

/// A clock a test moves by hand, so expiry and hourly limits are checked without waiting. Each test target
/// that hands it to a library conforms it to that library's clock protocol in one line.
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// 2026-11-22T08:00:00Z unless told otherwise.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_795_334_400)) { current = start }

    /// The time the test set.
    public func now() -> Date { lock.withLock { current } }

    /// Moves the time forward.
    public func advance(by seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}
