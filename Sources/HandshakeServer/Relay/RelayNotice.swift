// Establishes what one side of a room tells the other: that it came (the room paired), the bytes its
// connection sent, and that the room ended. Both sides may be held by one instance, which hands a notice
// over in memory, or by two instances on one PostgreSQL database, which pass it as notifications
// (PostgresRelayLink); either way a side's notices reach the other in the order it sent them.
import NIOCore

/// A notice from one seat of a room to the other.
struct RelayNotice: Sendable {
    enum Kind: Sendable {
        /// The sender took the room's second place: the receiver hands over what it held.
        case paired
        /// What the sender's connection sent, for the receiver's connection.
        case bytes(ByteBuffer)
        /// The room ended: by a rule (`reason`), or the sender left (`nil`).
        case ended(RelayRefusal?)
    }

    let room: RelayRoomName
    let from: RelaySeat
    let to: RelaySeat
    let kind: Kind
}
