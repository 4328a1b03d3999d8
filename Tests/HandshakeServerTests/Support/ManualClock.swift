import Foundation
import HandshakeServer

/// A clock the test moves by hand, so expiry and hourly limits are checked without waiting.
final class ManualClock: MailboxClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// 2026-11-22T08:00:00Z unless told otherwise.
    init(_ start: Date = Date(timeIntervalSince1970: 1_795_334_400)) { current = start }

    func now() -> Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) { lock.withLock { current = current.addingTimeInterval(seconds) } }
}
