import Foundation
import HandshakeCore

/// The account's contact list on the server: made by accepted friend requests, with a favorite flag.
/// It is the server's list; the person's own book is `HandshakeAccount`'s.
extension MailboxClient {
    /// The account's contacts on the server, favorites first; each card verified here (a contact whose
    /// card does not verify is listed without it).
    public func contacts() async throws(MailboxClientError) -> [MailboxContact] {
        let response: ContactListResponse = try await call("GET", MailboxPath.contacts)
        var contacts: [MailboxContact] = []
        for contact in response.contacts { contacts.append(try self.contact(from: contact)) }
        return contacts
    }

    /// Marks a contact a favorite, or not.
    @discardableResult
    public func setFavorite(_ favorite: Bool, for nodeID: NodeID) async throws(MailboxClientError) -> MailboxContact {
        let response: ContactResponse = try await call(
            "PUT", MailboxPath.favorite, ["nodeId": nodeID.rawValue], json: FavoriteBody(favorite: favorite))
        return try contact(from: response)
    }

    /// Removes a contact from the account's list on the server (the other side keeps theirs).
    public func deleteContact(_ nodeID: NodeID) async throws(MailboxClientError) {
        _ = try await send("DELETE", MailboxPath.contact, ["nodeId": nodeID.rawValue], signedIn: true)
    }

    func contact(from response: ContactResponse) throws(MailboxClientError) -> MailboxContact {
        guard let nodeID = NodeID(response.nodeId) else { throw .unexpectedAnswer("a contact whose Node ID is not one.") }
        return MailboxContact(
            nodeID: nodeID, card: try? verifiedCard(response.card, of: nodeID), favorite: response.favorite, addedAt: response.addedAt)
    }
}

/// One contact on the server's list.
public struct MailboxContact: Sendable, Equatable {
    /// Their Node ID.
    public let nodeID: NodeID
    /// Their card as they signed it when the request was accepted, verified here; `nil` if it did not verify.
    public let card: SignedCard?
    /// Whether the account marked them a favorite.
    public let favorite: Bool
    /// When they became contacts.
    public let addedAt: Date
}
