import Foundation
import HandshakeCore

/// The account's own card on the server, and the published cards of others.
extension MailboxClient {
    /// Publishes `card` as the account's current card (signing in first; the first sign-in creates the
    /// account). The server keeps a card only if it is strictly newer than the one it has.
    /// - Returns: whether it was stored, or the server already had it (or a newer one).
    @discardableResult
    public func publish(_ card: SignedCard) async throws(MailboxClientError) -> PublishResult {
        do throws(MailboxClientError) {
            let response = try await send(
                "PUT", MailboxPath.accountCard, body: Data(card.bytes), contentType: "application/cose", signedIn: true)
            let published: PublishedCardResponse = try decode(PublishedCardResponse.self, from: response)
            return .published(updatedAt: published.updatedAt)
        } catch .refused(.cardNotNewer, _) {
            return .alreadyCurrent
        }
    }

    /// The signed-in account as the server knows it.
    public func account() async throws(MailboxClientError) -> MailboxAccount {
        let response: AccountResponse = try await call("GET", MailboxPath.account)
        guard let nodeID = NodeID(response.nodeId) else { throw .unexpectedAnswer("the account's Node ID is not one.") }
        return MailboxAccount(nodeID: nodeID, cardUpdatedAt: response.cardUpdatedAt, createdAt: response.createdAt)
    }

    /// The card `nodeID` published, verified here and checked to be theirs (a public call).
    public func card(of nodeID: NodeID) async throws(MailboxClientError) -> SignedCard {
        let response = try await send(
            "GET", MailboxPath.card, ["nodeId": nodeID.rawValue], accept: "application/cose", signedIn: false)
        return try verifiedCard(Array(response.body), of: nodeID)
    }
}

/// What publishing a card did.
public enum PublishResult: Sendable, Equatable {
    /// The server stored it; `updatedAt` is the card's own time (Unix milliseconds).
    case published(updatedAt: UInt64)
    /// The server already had this card or a newer one: nothing changed.
    case alreadyCurrent
}

/// The signed-in account as the server knows it.
public struct MailboxAccount: Sendable, Equatable {
    /// The account's Node ID (its key's).
    public let nodeID: NodeID
    /// The `updatedAt` of the card it published, if it has published one.
    public let cardUpdatedAt: UInt64?
    /// When the account was made (its first sign-in).
    public let createdAt: Date
}
