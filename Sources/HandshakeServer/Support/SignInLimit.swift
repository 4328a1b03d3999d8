// Establishes the limit on the one write anyone may make without an account: a sign-in challenge. Counted in
// this instance's memory in fixed one-minute windows on the server's clock; past a count the answer is 429 with
// `Retry-After` until the window turns. Each challenge is a row (a minute's life, then purged), so the
// instance-wide counts bound what a flood can add between two clean-ups whatever the number of addresses it
// comes from, and the per-address count keeps one client from using up a whole share.
//
// The instance-wide count is kept apart for three standings, so a flood of fresh keys cannot lock out people
// who have signed in before: newcomers (keys with no account here) share one count; keys the server knows
// (an account exists) share another, which fresh keys never touch; and a request that carries a valid session
// of the key it asks for (a client renewing its token) is not counted in either: it has already proved it holds
// the key. Every request counts against its address first. It does not count across instances: each instance
// allows its own share.
//
// Nobody can spend another's share: a known key draws at most a few challenges a minute from the known keys'
// count (a flood on one published Node ID spends that key's few, not everyone's), and an address's first
// challenge of the minute may come from a reserve of its own once the counts are spent, so a brand-new user,
// or the owner of a flooded key, still signs in under a flood from a few dozen addresses.
import Foundation
import HandshakeMailbox
import Synchronization

/// The count of sign-in challenges per address and per standing, in the current minute.
final class SignInLimit: Sendable {
    /// Who asks for a challenge, as far as the server can tell before it issues one.
    enum Standing: Sendable {
        /// A key with no account here.
        case newcomer
        /// A key with an account here.
        case known
        /// A key whose valid session came with the request.
        case signedIn
    }

    let perAddress: Int
    let newcomers: Int
    let known: Int
    /// The most one known key draws from the known keys' count in a minute.
    let perKnownKey: Int
    /// How many first challenges of an address (of any standing) may be given in a minute once the
    /// counts are spent.
    let firstAsks: Int
    let clock: any MailboxClock
    /// At most this many addresses are counted in one minute; past it, new ones share the totals only.
    static let maxAddresses = 100_000

    private struct Window {
        var minute: Int64 = .min
        var newcomers = 0
        var known = 0
        var firstAsks = 0
        var byAddress: [String: Int] = [:]
        var byKnownKey: [[UInt8]: Int] = [:]
    }
    private let window = Mutex(Window())

    /// A limit of `perAddress` challenges a minute for each address, `newcomers` for keys without an
    /// account and `known` for keys with one (at most `perKnownKey` of them for one key), and a reserve of
    /// `firstAsks` for addresses asking for the first time in the minute, on this instance.
    init(perAddress: Int, newcomers: Int, known: Int, perKnownKey: Int, firstAsks: Int, clock: any MailboxClock) {
        self.perAddress = perAddress
        self.newcomers = newcomers
        self.known = known
        self.perKnownKey = perKnownKey
        self.firstAsks = firstAsks
        self.clock = clock
    }

    /// Counts one challenge from `address` (nil when the connection has none); throws when the address has
    /// had its share this minute. Returns whether it is the address's first this minute.
    @discardableResult
    func admit(address: String?) throws(MailboxError) -> Bool {
        guard let address else { return false }
        var first = false
        try count { window in
            let used = window.byAddress[address] ?? 0
            guard used < perAddress else { return false }
            first = used == 0
            if used > 0 || window.byAddress.count < Self.maxAddresses { window.byAddress[address] = used + 1 }
            return true
        }
        return first
    }

    /// Counts one challenge of `standing` for `key` against the instance's count for it; throws when that
    /// count is full this minute (for a known key: or its own few are spent) and, for an address's
    /// `first` challenge of the minute, the reserve is too. A signed-in request is not counted.
    func admit(_ standing: Standing, key: [UInt8], first: Bool = false) throws(MailboxError) {
        try count { window in
            switch standing {
            case .signedIn:
                return true
            case .newcomer where window.newcomers < newcomers:
                window.newcomers += 1
                return true
            case .known where window.known < known && (window.byKnownKey[key] ?? 0) < perKnownKey:
                window.known += 1
                if window.byKnownKey[key] != nil || window.byKnownKey.count < Self.maxAddresses { window.byKnownKey[key, default: 0] += 1 }
                return true
            case .newcomer, .known:
                guard first, window.firstAsks < firstAsks else { return false }
                window.firstAsks += 1
                return true
            }
        }
    }

    /// Runs `take` on this minute's window; a false answer is a 429 until the minute turns.
    private func count(_ take: (inout Window) -> Bool) throws(MailboxError) {
        let now = clock.now().timeIntervalSince1970
        let minute = Int64((now / 60).rounded(.down))
        let admitted = window.withLock { window in
            if window.minute != minute { window = Window(minute: minute) }
            return take(&window)
        }
        guard admitted else {
            throw MailboxError.signInRateLimited(retryAfter: max(1, Int((Double(minute + 1) * 60 - now).rounded(.up))))
        }
    }
}
