// Establishes the one way a friend request is accepted, for the program and the web app alike: the sender's
// name is judged first (a card that passes for one of your contacts is asked about before your card goes to
// it), then your card is sent with the answer, and theirs is kept by the account's rule. A front end only asks
// the question this returns and draws the outcome.
import HandshakeCore
import HandshakeMailbox
import HandshakeStore

/// Accepting a friend request on the person's server.
public enum FriendRequestAcceptance: Sendable, Equatable {
    /// Their name passes for one of your contacts on a key that is not that contact's: nothing was sent. Ask
    /// `question`; on a yes, accept again with `anyway`.
    case asks(warning: Sentence, question: Sentence)
    /// Accepted: your card went to them, and theirs was kept as `report` says.
    case accepted(ReceiveReport)
    /// Accepted, but the server sent no card with the request: nothing was kept
    /// (``FriendRequestSentences/noCard``).
    case acceptedWithoutCard

    /// Accepts the request `id` on `client`'s server for `account`, sending `card` (the account's card as it
    /// goes out, issued only once nothing is left to ask); with `anyway`, without asking about a name that
    /// passes for a contact (the person said yes).
    /// - Throws: `MailboxClientError` when the server refuses or cannot be reached; the book's errors when
    ///   their card cannot be kept.
    public static func accept(
        _ id: String, anyway: Bool = false, card: @autoclosure () throws -> SignedCard, account: HandshakeAccount, client: MailboxClient
    ) async throws -> FriendRequestAcceptance {
        let me = account.identity.nodeID
        if !anyway {
            let request = try await client.friendRequest(id)
            let claim = try NameClaimSentences.claim(ofOtherIn: request, me: me, book: account.book)
            if let warning = NameClaimSentences.warning(ofOtherIn: request, me: me, claim: claim) {
                return .asks(warning: warning, question: NameClaimSentences.acceptQuestion(warning))
            }
        }
        let accepted = try await client.acceptFriendRequest(id, card: try card())
        guard let theirs = accepted.senderCard else { return .acceptedWithoutCard }
        return .accepted(ReceiveReport(try account.keepFromFriendRequest(theirs), card: theirs))
    }
}
