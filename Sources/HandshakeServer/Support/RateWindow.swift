import Foundation

/// The arithmetic shared by the hourly limits (share links, wallet-pass signatures, friend requests sent
/// and received): a sliding window in which an account may do something `limit` times. What is counted, and how the count is made safe
/// against races, is each limit's own storage.
enum RateWindow {
    /// The seconds until one more is allowed, for an account at its limit whose oldest entry in the window
    /// was made at `oldest` (Unix milliseconds): the moment that entry is `window` old. At least 1, as
    /// `Retry-After` means "not now".
    static func secondsUntilFree(oldest: Int64, window: TimeInterval, now: Date) -> Int {
        let freeAt = Date(unixMillis: oldest).addingTimeInterval(window)
        return max(1, Int(freeAt.timeIntervalSince(now).rounded(.up)))
    }

    /// ``secondsUntilFree(oldest:window:now:)`` when the `count` entries in the window have reached `limit`;
    /// `nil` while there is room (or the window holds nothing).
    static func retryAfter(count: Int64, oldest: Int64?, limit: Int, window: TimeInterval, now: Date) -> Int? {
        guard count >= Int64(limit), let oldest else { return nil }
        return secondsUntilFree(oldest: oldest, window: window, now: now)
    }
}
