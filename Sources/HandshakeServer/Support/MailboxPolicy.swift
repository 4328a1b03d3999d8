import Foundation
import HandshakeCore

/// The numbers the mailbox enforces: how long secrets live, how many links and pass signatures an hour,
/// how long a note.
///
/// One value per server, passed to the routes, so tests can read the same numbers they check. The
/// defaults are the ones the design names (24 h, one use, 20 links an hour, 140-character notes); 20 pass signatures an hour is this server's own.
public struct MailboxPolicy: Sendable {
    /// How long a sign-in challenge can be answered.
    public var challengeLifetime: TimeInterval = 60
    /// How long a bearer token is accepted after it is issued.
    public var sessionLifetime: TimeInterval = 60 * 60
    /// How long a share link can be resolved and used.
    public var shareLinkLifetime: TimeInterval = 24 * 60 * 60
    /// How many share links one account may create within ``shareLinkWindow``.
    public var shareLinksPerWindow = 20
    /// The sliding window the share-link limit counts in.
    public var shareLinkWindow: TimeInterval = 60 * 60
    /// How many wallet passes the server signs for one account within ``passSignatureWindow``: a person
    /// makes a pass when their card changes, not hundreds an hour, and the operator's certificate should
    /// not be a signing service for anyone with an account.
    public var passSignaturesPerWindow = 20
    /// The sliding window the wallet-pass signing limit counts in.
    public var passSignatureWindow: TimeInterval = 60 * 60
    /// How many friend requests one account may send, and receive by Node ID, in an hour.
    public var friendRequests = FriendRequestLimits()
    /// The longest note a friend request may carry, in Unicode scalars (HandshakeCore's `TextLength` rule).
    public var noteMaxCharacters = NoteLimits.characters
    /// How many sign-in challenges one client address may ask this instance for in a minute.
    public var challengesPerAddressPerMinute = 120
    /// How many sign-in challenges this instance gives out in a minute for keys it has no account of (to
    /// every newcomer together).
    public var challengesPerMinute = 3000
    /// How many sign-in challenges this instance gives out in a minute for keys it has an account of: a
    /// count of their own, so a flood of fresh keys does not lock out people who signed in before. (A request
    /// carrying a valid session of the key is counted in neither.)
    public var knownKeyChallengesPerMinute = 3000
    /// How many of those one known key may draw in a minute: a flood of asks for one published Node ID (no
    /// key needed to ask) spends that key's few, not every returning user's share.
    public var challengesPerKnownKeyPerMinute = 10
    /// How many challenges this instance gives out in a minute, once those counts are spent, to addresses
    /// asking for their first time in the minute: a newcomer (or the owner of a flooded key) still signs in
    /// under a flood from a few dozen addresses, which spend this reserve only once each.
    public var firstChallengesPerMinute = 1000
    /// Whether the client address is the last one in `X-Forwarded-For` (set it behind a reverse proxy that
    /// writes the header, and only then: a client could write it too) rather than the connection's peer.
    public var trustForwardedFor = false
    /// The relay's bounds: what a room carries, for how long, and how many connections an address opens.
    public var relay = RelayLimits()
    /// What the background clean-up keeps, and how often it runs.
    public var purge = PurgePolicy()

    /// The design's defaults.
    public init() {}

    /// Who asks: the connection's `peer`, or, when ``trustForwardedFor`` is set, the last address of the
    /// request's `X-Forwarded-For` (the one the trusted proxy appended; those before it are the client's own
    /// word). What every per-address limit counts: sign-in challenges and relay connections.
    func clientAddress(forwardedFor header: String?, peer: String?) -> String? {
        if trustForwardedFor, let last = header?.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty {
            return last
        }
        return peer
    }
}
