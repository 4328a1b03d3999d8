// Establishes what the clean-up deletes and when, for every backend: expired secrets at once, expired links
// and presentation requests a week after, events after 30 days, pass-signature records after their window,
// and accounts that never published a card once nothing of theirs is left (no live session, no request,
// contact, link, presentation request or pass signature) an hour after they were made.
import Foundation

/// What the clean-up deletes, and the times that decide it (docs/server.md "Clean-up"): rows whose use is
/// over, so a server under steady use keeps a database of steady size. Friend requests, contacts and
/// accounts with a card are people's data and are never purged; an account without a card holds nothing
/// of anyone's once its sessions are over and nothing refers to it, and goes.
public struct PurgeCutoffs: Sendable, Equatable {
    /// Sign-in challenges and sessions that expired before this.
    public var expiredBefore: Date
    /// Share links and presentation requests that expired before this (kept a while after expiry, so the
    /// landing page can still say "expired" or "already used" rather than "does not exist").
    public var linksExpiredBefore: Date
    /// Events recorded before this (kept for event streams resuming from `Last-Event-ID`).
    public var eventsBefore: Date
    /// Wallet-pass signatures made before this (the counting window is over).
    public var passSignaturesBefore: Date
    /// Accounts without a card made before this, with no session valid at ``expiredBefore`` and nothing of
    /// theirs left (a session's length ago: an account asked for by a session is not taken from under it).
    public var cardlessAccountsBefore: Date

    /// The cutoffs at `now` under `policy`.
    public init(now: Date, policy: MailboxPolicy) {
        expiredBefore = now
        cardlessAccountsBefore = now.addingTimeInterval(-policy.sessionLifetime)
        linksExpiredBefore = now.addingTimeInterval(-policy.purge.linkRetention)
        eventsBefore = now.addingTimeInterval(-policy.purge.eventRetention)
        passSignaturesBefore = now.addingTimeInterval(-policy.passSignatureWindow)
    }
}

/// How long each kind of row is kept, and how often the clean-up runs.
public struct PurgePolicy: Sendable, Equatable {
    /// How often an instance runs the clean-up.
    public var interval: Duration = .seconds(600)
    /// How long an expired share link or presentation request is kept after it expired.
    public var linkRetention: TimeInterval = 7 * 86_400
    /// How long an event is kept.
    public var eventRetention: TimeInterval = 30 * 86_400

    /// The defaults: every 10 minutes; links kept 7 days past expiry, events 30 days.
    public init() {}
}

/// How many rows one clean-up deleted, by table.
public struct PurgeCounts: Sendable, Equatable {
    /// Sign-in challenges.
    public var challenges = 0
    /// Sessions.
    public var sessions = 0
    /// Share links.
    public var shareLinks = 0
    /// Presentation requests.
    public var presentationRequests = 0
    /// Events.
    public var events = 0
    /// Wallet-pass signature records.
    public var passSignatures = 0
    /// Accounts that never published a card.
    public var cardlessAccounts = 0

    /// Counts of nothing.
    public init() {}

    /// Every count, under the name of its table.
    public var byTable: [(table: String, count: Int)] {
        [("auth_challenge", challenges), ("session", sessions), ("share_link", shareLinks), ("verifier_request", presentationRequests),
         ("event", events), ("pass_signature", passSignatures), ("account", cardlessAccounts)]
    }
}

/// Deleting what is no longer needed. Safe with several instances: each statement deletes rows past a time,
/// so two instances running it at once delete each row once between them.
public protocol PurgeStorage: Sendable {
    /// Deletes the rows `cutoffs` says are over; how many of each.
    func purge(_ cutoffs: PurgeCutoffs) async throws -> PurgeCounts
}
