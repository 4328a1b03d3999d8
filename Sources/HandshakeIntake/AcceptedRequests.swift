// Establishes the other way cards come in from a server: the person accepted a request of ours. Every front
// end that lists sent requests keeps those cards the same way, by the account's rule for friend requests
// (`keepFromFriendRequest`), so the rule is here once rather than in each list.
import HandshakeMailbox
import HandshakeStore

/// Cards kept from requests this account sent and others accepted.
extension HandshakeAccount {
    /// Keeps the card of each person who accepted one of `sent` (this account's requests, as the server
    /// lists them). Requests not accepted, or accepted without a card, are skipped; a card already kept
    /// changes nothing (`ReceiveOutcome/alreadyHave(_:)`).
    /// - Returns: what keeping did, by request id.
    @discardableResult
    public func keepAccepted(_ sent: [MailboxFriendRequest]) throws -> [String: ReceiveOutcome] {
        var outcomes: [String: ReceiveOutcome] = [:]
        for request in sent where request.status == .accepted && request.sender == identity.nodeID {
            guard let card = request.receiverCard else { continue }
            outcomes[request.id] = try keepFromFriendRequest(card)
        }
        return outcomes
    }
}
