import Foundation
import HandshakeCore

/// The queries the account routes need: challenges, sessions, accounts and their published cards.
///
/// Signing in makes a session, not an account: an account row exists once its owner publishes a card or
/// asks for it (reads it, makes a presentation request, has a pass signed, sends a friend request), so a
/// flood of fresh keys that sign in leaves nothing behind once their sessions expire; an account that never
/// published a card is purged once it has no session and nothing else of its own (``PurgeCutoffs``).
///
/// Every operation that must happen once (answering a challenge) or only forward (replacing a card) is
/// a single conditional write, so it holds however many requests race. What implementations do not do:
/// verify signatures or cards — the routes do that before calling in.
public protocol MailboxAccountStorage: Sendable {
    /// Keeps a freshly issued challenge.
    func saveChallenge(_ challenge: AuthChallenge) async throws
    /// Marks the challenge used and returns it, if it exists, is unused and has not expired at `now`;
    /// `nil` otherwise. Of several concurrent calls for one challenge, at most one gets it.
    func consumeChallenge(_ bytes: [UInt8], now: Date) async throws -> AuthChallenge?
    /// Creates the account for `sigKey` unless it exists.
    func createAccountIfNeeded(sigKey: [UInt8], now: Date) async throws
    /// Creates the account of the session with `tokenHash` unless it exists (its owner asked for it).
    func createAccountIfNeeded(ofSession tokenHash: [UInt8], now: Date) async throws
    /// The account with this Node ID.
    func account(_ nodeID: NodeID) async throws -> Account?
    /// The published cards of those of `nodeIDs` (at most 64) whose accounts hold one, in one reading: what a
    /// card-change stream checks at each wake-up, with one query rather than one per Node ID.
    func publishedCards(of nodeIDs: [NodeID]) async throws -> [NodeID: [UInt8]]
    /// Keeps a session: the hash of a bearer token, the key it signed in with (its account is that key's
    /// Node ID, whether or not the account row exists yet), and when it expires.
    func saveSession(tokenHash: [UInt8], sigKey: [UInt8], now: Date, expiresAt: Date) async throws
    /// The account whose unexpired session has this token hash.
    func sessionAccount(tokenHash: [UInt8], now: Date) async throws -> NodeID?
    /// Ends sessions of `account`: the one with `tokenHash`, or every one when it is nil (signing out
    /// everywhere). A token of an ended session is refused from then on, and its open streams end.
    func endSessions(of account: NodeID, tokenHash: [UInt8]?) async throws
    /// Stores `card` as `account`'s published card (creating the account at `now` if it has none yet) if
    /// ``CardReplacement/admit(_:as:replacing:)`` allows it, asked in the same transaction with what the account
    /// holds; throws its refusal otherwise. The card must already be verified, and be `account`'s own or vouched
    /// for from its key by the card's moves.
    func publishCard(_ card: SignedCard, as account: NodeID, now: Date) async throws
}
