import Foundation
import HandshakeCore

/// An account on the mailbox: a Node ID, the key that proved it, and the card its owner published.
///
/// An account is created the first time a key answers a sign-in challenge; there is no password and no
/// other registration. The card is stored as the owner's signed bytes, verified when published, and
/// served unchanged — the server cannot alter it without breaking its signature.
public struct Account: Sendable, Equatable {
    /// The account's Node ID, derived from ``sigKey``.
    public let nodeID: NodeID
    /// The Ed25519 public key that signs in and signs the cards.
    public let sigKey: [UInt8]
    /// The published card's COSE_Sign1 bytes, if any.
    public let card: [UInt8]?
    /// The published card's `updatedAt` (Unix milliseconds), if any.
    public let cardUpdatedAt: UInt64?
    /// When the account first signed in.
    public let createdAt: Date
}
