// Establishes the hourly limits' rule, once for every backend: an account may do a thing `limit` times in a
// sliding window, and past it is told how long until it may again. What a backend does is count (under
// whatever makes its count exact across instances) and insert in the transaction that asked this rule.
import Foundation
import HandshakeMailbox

/// How many of something one account did in a sliding window, as a backend counted it inside the
/// transaction that is about to add one more.
public struct WindowCount: Sendable, Equatable {
    /// The entries in the window.
    public var count: Int
    /// When the oldest of them was made; `nil` when there are none.
    public var oldest: Date?

    /// `count` entries, the oldest made at `oldest`.
    public init(count: Int, oldest: Date?) {
        (self.count, self.oldest) = (count, oldest)
    }
}

/// A sliding-window limit: at most ``limit`` of ``kind`` per account within ``window`` seconds (share
/// links, wallet-pass signatures, friend requests sent and received), and the refusal past it.
public struct WindowLimit: Sendable, Equatable {
    /// What is counted: it decides which refusal is said.
    public enum Kind: Sendable, Equatable {
        /// Share links an account created (`MailboxError.rateLimited`).
        case shareLinks
        /// Wallet passes signed for an account (`MailboxError.passSigningRateLimited`).
        case passSignatures
        /// Friend requests an account sent, by any route (`MailboxError.friendRequestsRateLimited`).
        case friendRequestsSent
        /// Friend requests by Node ID an account received (`MailboxError.receiverRateLimited`).
        case friendRequestsReceived
    }

    /// What is counted.
    public var kind: Kind
    /// How many are allowed within ``window``.
    public var limit: Int
    /// The sliding window, in seconds.
    public var window: TimeInterval

    /// At most `limit` of `kind` within `window` seconds.
    public init(_ kind: Kind, limit: Int, window: TimeInterval) {
        (self.kind, self.limit, self.window) = (kind, limit, window)
    }

    /// Where the window that ends at `now` starts: a backend counts entries made after it.
    public func start(endingAt now: Date) -> Date {
        now.addingTimeInterval(-window)
    }

    /// Refuses one more when `counted` has reached the limit, with the seconds until the oldest entry
    /// leaves the window (at least 1, as `Retry-After` means "not now").
    public func admit(_ counted: WindowCount, now: Date) throws(MailboxError) {
        guard counted.count >= limit, let oldest = counted.oldest else { return }
        let freeAt = oldest.addingTimeInterval(window)
        let seconds = max(1, Int(freeAt.timeIntervalSince(now).rounded(.up)))
        switch kind {
        case .shareLinks: throw .rateLimited(retryAfter: seconds)
        case .passSignatures: throw .passSigningRateLimited(retryAfter: seconds)
        case .friendRequestsSent: throw .friendRequestsRateLimited(retryAfter: seconds)
        case .friendRequestsReceived: throw .receiverRateLimited(retryAfter: seconds)
        }
    }
}
