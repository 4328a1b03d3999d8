import Foundation
import HandshakeCore

/// One entry of an account's contact list on the server, created when a friend request is accepted.
///
/// It holds the other side's card as they signed it at that moment; the client re-verifies it and keeps
/// its own book. The favorite flag is the only thing an owner edits here.
public struct ServerContact: Sendable, Equatable {
    /// The contact's Node ID.
    public let nodeID: NodeID
    /// The contact's signed card (COSE_Sign1 bytes).
    public let card: [UInt8]
    /// Whether the owner marked them a favorite.
    public let favorite: Bool
    /// When the request that made them contacts was accepted.
    public let addedAt: Date
}

/// The queries behind the contact list.
public protocol ContactStorage: Sendable {
    /// `owner`'s contacts, favorites first, then by when they were added (newest first).
    func contacts(of owner: NodeID) async throws -> [ServerContact]
    /// Sets the favorite flag; `nil` if `owner` has no such contact.
    func setFavorite(_ favorite: Bool, contact: NodeID, of owner: NodeID) async throws -> ServerContact?
    /// Removes the contact from `owner`'s list (the other side keeps theirs); `false` if there was none.
    func deleteContact(_ contact: NodeID, of owner: NodeID) async throws -> Bool
}
