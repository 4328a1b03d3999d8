import Foundation

/// Where a session's time comes from. The library never reads a clock itself: ``SystemExchangeClock`` is
/// the device's, and tests use one they move by hand, so every timeout is tested without waiting.
public protocol ExchangeClock: Sendable {
    /// The current moment.
    func now() -> SessionInstant
    /// Returns once the monotonic time has reached `deadline`; throws when the task is cancelled.
    func sleep(until deadline: Duration) async throws
}

/// The device's clocks: `ContinuousClock` for timeouts, `Date()` for calendar time.
public struct SystemExchangeClock: ExchangeClock {
    let origin = ContinuousClock.now

    /// Clocks whose monotonic time starts now.
    public init() {}

    /// The time since this clock was made, and the calendar time.
    public func now() -> SessionInstant {
        SessionInstant(monotonic: ContinuousClock.now - origin, wall: Date())
    }

    /// Sleeps until the monotonic time `deadline`, measured from when this clock was made.
    public func sleep(until deadline: Duration) async throws {
        try await ContinuousClock().sleep(until: origin + deadline)
    }
}
