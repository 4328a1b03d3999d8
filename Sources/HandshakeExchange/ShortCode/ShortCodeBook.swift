import Foundation

// The issuer's record of the short codes it has shown: each works once, for five minutes. It protects the
// password's 30 bits from repeated online guessing: the first attempt on a code, right or wrong, burns it,
// so an attacker gets one guess per code the person chose to show. It does not stop an attacker nearby from
// burning a code (a denial of service the person sees as "ask for a new one"). Time is passed in.

/// The short codes a device has issued, with their age and whether they were used.
@_spi(Wire) public struct ShortCodeBook: Sendable {
    struct Entry: Sendable {
        let code: ShortCode
        let issuedAt: Date
        var used: Bool
    }

    var entries: [String: Entry] = [:]
    /// How long a code may be used after it is issued, in seconds.
    public let lifetime: Double

    /// How long an issued short code may be used, in seconds: five minutes.
    public static let defaultLifetime: Double = 300

    /// An empty book whose codes last `lifetime` seconds (five minutes unless a test says otherwise).
    public init(lifetime: Double = ShortCodeBook.defaultLifetime) {
        self.lifetime = lifetime
    }

    /// A new random code, issued at `now`, whose rendezvous part differs from every code still in the book.
    public mutating func issue(at now: Date) -> ShortCode {
        var generator = SystemRandomNumberGenerator()
        return issue(at: now, using: &generator)
    }

    /// A new code drawn from `generator`, issued at `now`.
    public mutating func issue(at now: Date, using generator: inout some RandomNumberGenerator) -> ShortCode {
        removeExpired(at: now)
        var code = ShortCode.random(using: &generator)
        while entries[code.rendezvous] != nil { code = ShortCode.random(using: &generator) }
        entries[code.rendezvous] = Entry(code: code, issuedAt: now, used: false)
        return code
    }

    /// Adds a code made elsewhere (tests, or a code restored after a restart), issued at `issuedAt`.
    public mutating func insert(_ code: ShortCode, issuedAt: Date) {
        entries[code.rendezvous] = Entry(code: code, issuedAt: issuedAt, used: false)
    }

    /// Takes the code with this rendezvous part for one PAKE run, burning it: a second attempt gets
    /// ``ShortCodeError/alreadyUsed`` whatever the first one's outcome.
    public mutating func redeem(rendezvous: String, at now: Date) throws(ShortCodeError) -> ShortCode {
        guard let key = ShortCode.normalizedRendezvous(rendezvous), var entry = entries[key] else { throw .unknownCode }
        guard !entry.used else { throw .alreadyUsed }
        guard !isExpired(entry, at: now) else { throw .expired }
        entry.used = true
        entries[key] = entry
        return entry.code
    }

    /// Whether the code with this rendezvous part can still be tried, so the device should keep advertising it.
    public func isOpen(rendezvous: String, at now: Date) -> Bool {
        guard let key = ShortCode.normalizedRendezvous(rendezvous), let entry = entries[key] else { return false }
        return !entry.used && !isExpired(entry, at: now)
    }

    /// Burns a code without a PAKE run (the person closed the screen).
    public mutating func burn(rendezvous: String) {
        guard let key = ShortCode.normalizedRendezvous(rendezvous) else { return }
        entries[key]?.used = true
    }

    /// Forgets codes past their lifetime.
    public mutating func removeExpired(at now: Date) {
        entries = entries.filter { !isExpired($0.value, at: now) }
    }

    /// The moment the code with this rendezvous part expires, if the book holds it.
    public func expiry(rendezvous: String) -> Date? {
        ShortCode.normalizedRendezvous(rendezvous).flatMap { entries[$0] }.map { $0.issuedAt.addingTimeInterval(lifetime) }
    }

    func isExpired(_ entry: Entry, at now: Date) -> Bool {
        now >= entry.issuedAt.addingTimeInterval(lifetime) || now < entry.issuedAt.addingTimeInterval(-lifetime)
    }
}
