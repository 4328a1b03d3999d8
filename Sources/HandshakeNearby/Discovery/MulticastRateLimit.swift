// RFC 6762 §6: a responder multicasts a given record at most once a second on an interface. This keeps a
// flood of queries (from a buggy or hostile host) from turning into a flood of answers: whatever the
// queries, the advertiser sends at most one copy of each of its records a second. It does not limit
// announcements and goodbyes, which the advertiser sends on its own schedule, and it does not stop anyone
// from flooding the link themselves.

/// Drops records multicast less than a second ago from a response.
struct MulticastRateLimit: Sendable {
    /// The shortest time between two multicasts of one record.
    static let interval: Duration = .seconds(1)

    private var lastSent: [DNSRecord: Duration] = [:]

    /// Notes that every record of `message` went out at `now`.
    mutating func sent(_ message: DNSMessage, at now: Duration) {
        for record in message.allRecords { lastSent[record] = now }
    }

    /// `response` without the records sent in the last second, noting the rest as sent; nil when no answer is left.
    mutating func filter(_ response: DNSMessage, at now: Duration) -> DNSMessage? {
        func recent(_ record: DNSRecord) -> Bool {
            guard let last = lastSent[record] else { return false }
            return now - last < Self.interval
        }
        var kept = response
        kept.answers.removeAll(where: recent)
        kept.additionals.removeAll(where: recent)
        guard !kept.answers.isEmpty else { return nil }
        sent(kept, at: now)
        return kept
    }
}
