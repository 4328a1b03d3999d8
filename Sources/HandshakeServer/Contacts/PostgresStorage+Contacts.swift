import Foundation
import HandshakeCore
import PostgresNIO

/// ``ContactStorage`` on PostgreSQL: every query is scoped by the owner's Node ID, so an account can read
/// or change only its own list.
extension PostgresStorage {
    /// ``ContactStorage/contacts(of:)`` on PostgreSQL, as the extension above describes.
    public func contacts(of owner: NodeID) async throws -> [ServerContact] {
        try await rows("SELECT * FROM contact WHERE owner = \(owner.rawValue) ORDER BY favorite DESC, added_at DESC, contact COLLATE \"C\"")
            .map(Self.contact(row:))
    }

    /// ``ContactStorage/setFavorite(_:contact:of:)`` on PostgreSQL, as the extension above describes.
    public func setFavorite(_ favorite: Bool, contact: NodeID, of owner: NodeID) async throws -> ServerContact? {
        try await rows(
            "UPDATE contact SET favorite = \(favorite) WHERE owner = \(owner.rawValue) AND contact = \(contact.rawValue) RETURNING *"
        ).first.map(Self.contact(row:))
    }

    /// ``ContactStorage/deleteContact(_:of:)`` on PostgreSQL, as the extension above describes.
    public func deleteContact(_ contact: NodeID, of owner: NodeID) async throws -> Bool {
        try await rows("DELETE FROM contact WHERE owner = \(owner.rawValue) AND contact = \(contact.rawValue) RETURNING owner").count == 1
    }

    static func contact(row: PostgresRandomAccessRow) throws -> ServerContact {
        ServerContact(
            nodeID: try row.nodeID("contact"), card: try row.bytes("card") ?? [], favorite: try row["favorite"].decode(Bool.self),
            addedAt: try row.date("added_at") ?? .distantPast)
    }
}
