import Foundation

/// A moment as the session sees it, always passed in, never read from a clock inside the library, so every
/// timeout can be tested without waiting.
///
/// `monotonic` drives the timeouts (it never jumps when the wall clock is set); `wall` is only used to
/// check that a received card is not dated in the future, and to date the exchange record.
public struct SessionInstant: Sendable, Equatable {
    /// Time since any fixed origin (a `ContinuousClock` reading, or a test's counter).
    public var monotonic: Duration
    /// The device's calendar time.
    public var wall: Date

    /// An instant from its two clocks' readings.
    public init(monotonic: Duration, wall: Date) {
        self.monotonic = monotonic
        self.wall = wall
    }

    /// This moment moved on by `duration` on both clocks.
    public func advanced(by duration: Duration) -> SessionInstant {
        let (seconds, attoseconds) = duration.components
        return SessionInstant(monotonic: monotonic + duration, wall: wall.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18))
    }
}

/// How long each wait of a session may last. Every wait has one, and every expiry ends in a sentence.
public struct SessionTimeouts: Sendable, Equatable {
    /// From the connection to an open channel.
    public var connect: Duration = .seconds(20)
    /// From sending a request to its answer (DESIGN.md: 60 s).
    public var answer: Duration = .seconds(60)
    /// Extra time the answering side waits past ``answer`` for the requester's own expiry to arrive.
    public var answerGrace: Duration = .seconds(5)
    /// The longest a session stays open with nothing happening (on the confirm screen, or after success).
    public var idle: Duration = .seconds(300)
    /// How long leaving waits, after the swap, for the common friends' newer cards the other side still owes.
    public var carry: Duration = .seconds(5)

    /// The usual timeouts.
    public init() {}
}
