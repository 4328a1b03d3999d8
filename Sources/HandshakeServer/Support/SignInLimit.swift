// Establishes the limit on the one write anyone may make without an account: a sign-in challenge. Counted in
// this instance's memory per client address and in total, in fixed one-minute windows on the server's clock;
// past either count the answer is 429 with `Retry-After` until the window turns. Each challenge is a row (a
// minute's life, then purged), so the total bounds what a flood can add between two clean-ups whatever the
// number of addresses it comes from; the per-address count keeps one client from using up everyone's share.
// It does not count across instances: each instance allows its own share.
import Foundation
import HandshakeMailbox
import Synchronization

/// The count of sign-in challenges per address and in total, in the current minute.
final class SignInLimit: Sendable {
    let perAddress: Int
    let total: Int
    let clock: any MailboxClock
    /// At most this many addresses are counted in one minute; past it, new ones share the total only.
    static let maxAddresses = 100_000

    private struct Window {
        var minute: Int64 = .min
        var total = 0
        var byAddress: [String: Int] = [:]
    }
    private let window = Mutex(Window())

    init(perAddress: Int, total: Int, clock: any MailboxClock) {
        self.perAddress = perAddress
        self.total = total
        self.clock = clock
    }

    /// Counts one challenge from `address` (nil when the connection has none); throws when either count is
    /// already full for this minute.
    func admit(_ address: String?) throws {
        let now = clock.now().timeIntervalSince1970
        let minute = Int64((now / 60).rounded(.down))
        let retryAfter = max(1, Int((Double(minute + 1) * 60 - now).rounded(.up)))
        let admitted: Bool = window.withLock { window in
            if window.minute != minute { window = Window(minute: minute) }
            guard window.total < total else { return false }
            if let address {
                let used = window.byAddress[address] ?? 0
                guard used < perAddress else { return false }
                if used > 0 || window.byAddress.count < Self.maxAddresses { window.byAddress[address] = used + 1 }
            }
            window.total += 1
            return true
        }
        guard admitted else { throw MailboxError.signInRateLimited(retryAfter: retryAfter) }
    }
}
