// Establishes the one way a person moves to a new key, for every front end: the move is made (nothing kept
// yet), the new card goes to the registered server under the old key's account first (where contacts who follow
// the old key look, and which only the old key can sign in to) and then under the new key's own, and only then
// does the new key replace the old one here. A server that refuses or does not answer leaves everything as it
// was, with the reason: moving again later makes a fresh move.
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeStore

/// Moving an account to a new key, vouched for by the old one (HandshakeCore's `KeyMove`).
public enum KeyMoveFlow {
    /// What a move did.
    public struct Result: Sendable {
        /// The account, now on its new key.
        public let account: HandshakeAccount
        /// The Node ID it moved from.
        public let movedFrom: NodeID
        /// The new card, carrying the move.
        public let card: SignedCard
        /// The server the new card was published to (under both keys), when the account is registered.
        public let server: URL?
    }

    /// Moves `account` to a fresh key and publishes the new card to the server `registration` remembers, if
    /// any (`nil`: a front end with no place to remember one), before keeping the move.
    /// - Throws: the server's refusal or silence (`MailboxClientError`), or the account's error: nothing is kept then.
    public static func move(
        _ account: HandshakeAccount, registration: MailboxRegistration?, configuration: MailboxClient.Configuration = .init(), now: Date = Date()
    ) async throws -> Result {
        let pending = try account.prepareMove(now: now)
        let card = try pending.issueCard()
        let server = registration?.server()
        if let registration, let server {
            for identity in [pending.oldIdentity, pending.newIdentity] {
                let client = MailboxClient(server: server, identity: identity, configuration: configuration, sessionStore: registration.sessionFile)
                try await client.publish(card)
            }
        }
        let moved = try account.completeMove(pending)
        return Result(account: moved, movedFrom: pending.oldIdentity.nodeID, card: card, server: server)
    }
}
