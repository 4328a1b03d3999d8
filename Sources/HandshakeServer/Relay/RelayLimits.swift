// Establishes the bounds of the relay (docs/protocols/nearby-relay.md §3): a room holds two, lives minutes,
// carries a few hundred kilobytes, and an address opens only so many. They are what keep a relay that anyone
// may use without an account from becoming anyone's free pipe, or anyone's way to fill the server.
import Foundation

/// How much the relay carries, for how long, and for whom.
public struct RelayLimits: Sendable, Equatable {
    /// The largest message one side may send, in bytes (a card with its photo fits in two).
    public var messageBytes = 64 * 1024
    /// What a room carries in all, both ways, in bytes: the largest exchange there is, two cards with their
    /// photos (64 KiB each) and both sides' common-friends sets at their largest bound (4,096 entries: four
    /// messages of 262,146 bytes in all, docs/protocols/nearby-common-friends.md), with room to spare. A
    /// real exchange carries a few kilobytes.
    public var roomBytes = 2 * 1024 * 1024
    /// What the first side may send before the other has joined, in bytes: held and handed over on arrival.
    public var waitingBytes = 64 * 1024
    /// How long the first side waits for the other: longer than a session token lives (60 s).
    public var waiting: TimeInterval = 90
    /// How long a room may carry nothing, either way, once both are in.
    public var silence: TimeInterval = 60
    /// How long a room lives from its first arrival, whatever it carries: the exchange and both notes.
    public var lifetime: TimeInterval = 5 * 60
    /// How many relay connections one client address may hold open at once.
    public var connectionsPerAddress = 8
    /// How many relay connections one client address may open in a minute.
    public var arrivalsPerAddressPerMinute = 30
    /// How many relay connections this instance holds open at once, from everyone.
    public var connections = 512

    /// The design's defaults.
    public init() {}
}
