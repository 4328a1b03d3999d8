import Foundation
import GRDB
import HandshakeCore

/// ``ContactStorage`` on SQLite: every query is scoped by the owner's Node ID, so an account can read or
/// change only its own list.
extension SQLiteStorage {
    /// ``ContactStorage/contacts(of:)`` on SQLite, as the extension above describes.
    public func contacts(of owner: NodeID) async throws -> [ServerContact] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM contact WHERE owner = ? ORDER BY favorite DESC, added_at DESC, contact",
                arguments: [owner.rawValue]
            ).map(Self.contact(row:))
        }
    }

    /// ``ContactStorage/setFavorite(_:contact:of:)`` on SQLite, as the extension above describes.
    public func setFavorite(_ favorite: Bool, contact: NodeID, of owner: NodeID) async throws -> ServerContact? {
        try await write { db in
            try db.execute(
                sql: "UPDATE contact SET favorite = ? WHERE owner = ? AND contact = ?",
                arguments: [favorite, owner.rawValue, contact.rawValue])
            return try Row.fetchOne(
                db, sql: "SELECT * FROM contact WHERE owner = ? AND contact = ?", arguments: [owner.rawValue, contact.rawValue]
            ).map(Self.contact(row:))
        }
    }

    /// ``ContactStorage/deleteContact(_:of:)`` on SQLite, as the extension above describes.
    public func deleteContact(_ contact: NodeID, of owner: NodeID) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM contact WHERE owner = ? AND contact = ?", arguments: [owner.rawValue, contact.rawValue])
            return db.changesCount == 1
        }
    }

    static func contact(row: Row) throws -> ServerContact {
        ServerContact(
            nodeID: try row.nodeID("contact"), card: row.bytes("card") ?? [], favorite: row["favorite"],
            addedAt: row.date("added_at") ?? .distantPast)
    }
}
