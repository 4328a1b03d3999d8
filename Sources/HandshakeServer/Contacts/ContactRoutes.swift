import Foundation
import HandshakeCore
import HandshakeMailbox
import Hummingbird

/// The signed-in account's contacts on the server: `GET /v1/contacts`,
/// `PUT /v1/contacts/{nodeId}/favorite` and `DELETE /v1/contacts/{nodeId}`.
///
/// Contacts are made only by accepting a friend request; nothing here adds one. Deleting removes the
/// contact from the caller's list alone.
struct ContactRoutes: Sendable {
    let storage: any MailboxStorage

    func register(on group: RouterGroup<MailboxContext>) {
        group.get(RouterPath(MailboxPath.contacts), use: list)
        group.put(RouterPath(MailboxPath.favorite), use: setFavorite)
        group.delete(RouterPath(MailboxPath.contact), use: delete)
    }

    @Sendable func list(_ request: Request, context: MailboxContext) async throws -> ContactListResponse {
        let contacts = try await storage.contacts(of: try context.requireAccount())
        return ContactListResponse(contacts: contacts.map(ContactResponse.init))
    }

    @Sendable func setFavorite(_ request: Request, context: MailboxContext) async throws -> ContactResponse {
        let owner = try context.requireAccount()
        let body = try await request.decode(as: FavoriteBody.self, context: context)
        guard let nodeID = NodeID(try context.parameters.require("nodeId")),
            let contact = try await storage.setFavorite(body.favorite, contact: nodeID, of: owner)
        else { throw MailboxError.unknownContact }
        return ContactResponse(contact)
    }

    @Sendable func delete(_ request: Request, context: MailboxContext) async throws -> Response {
        let owner = try context.requireAccount()
        guard let nodeID = NodeID(try context.parameters.require("nodeId")), try await storage.deleteContact(nodeID, of: owner) else {
            throw MailboxError.unknownContact
        }
        return Response(status: .noContent)
    }
}

// The contact bodies are HandshakeMailbox's; the server writes them from its stored contacts.
extension ContactResponse: ResponseEncodable {
    init(_ contact: ServerContact) {
        self.init(nodeId: contact.nodeID.rawValue, card: Base64URL.encode(contact.card), favorite: contact.favorite, addedAt: contact.addedAt)
    }
}

extension ContactListResponse: ResponseEncodable {}
