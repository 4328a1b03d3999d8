/// What one side learns from a common-friends exchange: which of its own contacts the other side also holds.
///
/// It holds only this side's own keys: the exchange never reveals a contact of the peer's that is not
/// also this side's. It is only as honest as the peer: a peer that deviates from the protocol can hide
/// common contacts, or make some of ours (which ones it cannot choose) look common.
@_spi(Wire) public struct CommonFriendsResult: Sendable, Equatable {
    /// The own contact keys that the peer also holds, each once, in the order they were given.
    public var commonKeys: [[UInt8]]
    /// The own contact keys that were not compared: past `CommonFriendsBuckets/maximum` (in the order
    /// given), or not 32 bytes long.
    public var uncomparedKeys: [[UInt8]]
    /// The size of the peer's set message: all the exchange reveals about how many contacts the peer has.
    public var peerBucket: Int

    /// A result as the exchange reports it.
    public init(commonKeys: [[UInt8]], uncomparedKeys: [[UInt8]], peerBucket: Int) {
        self.commonKeys = commonKeys
        self.uncomparedKeys = uncomparedKeys
        self.peerBucket = peerBucket
    }
}
