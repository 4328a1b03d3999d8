// Establishes how long a server that did not answer is left alone by refreshes that come back on a timer (the
// web app's, an app's): after its first silence it rests for a while, each further silence doubles the rest up
// to a day, and one answer ends it. Only what a refresh could not reach counts; a server that answered with
// something the book refused answered. A value with no clock of its own: the refresh passes the moment.
import Foundation
import HandshakeCore

/// The servers left unasked for a while because they did not answer, for ``CardRefresh/refresh(_:backOff:now:)``.
public struct ServerBackOff: Sendable, Equatable {
    /// The rest after a first silence.
    public var firstRest: Duration
    /// The longest rest, however many silences came before.
    public var longestRest: Duration

    private struct Silence: Sendable, Equatable {
        var count: Int
        var until: Date
    }

    private var silences: [ServerOrigin: Silence] = [:]

    /// No server resting yet; rests of `firstRest` (30 minutes by default), doubling up to `longestRest` (a day).
    public init(firstRest: Duration = .seconds(30 * 60), longestRest: Duration = .seconds(24 * 60 * 60)) {
        self.firstRest = firstRest
        self.longestRest = longestRest
    }

    /// When `server` is asked again, if it is resting at `now`; `nil` when it may be asked.
    public func resting(_ server: ServerOrigin, at now: Date) -> Date? {
        guard let silence = silences[server], silence.until > now else { return nil }
        return silence.until
    }

    /// `server` did not answer at `now`: it rests, twice as long as after its last silence.
    public mutating func noAnswer(from server: ServerOrigin, at now: Date) {
        let count = (silences[server]?.count ?? 0) + 1
        // Doubling stops well before the seconds could overflow: 2^20 times any rest is past a day.
        let rest = min(firstRest * (1 << min(count - 1, 20)), longestRest)
        silences[server] = Silence(count: count, until: now.addingTimeInterval(rest / .seconds(1)))
    }

    /// `server` answered: it is asked as usual from now on.
    public mutating func answered(by server: ServerOrigin) {
        silences[server] = nil
    }
}
