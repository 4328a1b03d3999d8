// Establishes the terms on which one session takes part in the common-friends intersection: when it starts,
// and how large a set it sends and answers. A session two people started on purpose (a token, a code, an
// address) runs it as soon as the channel opens, with the protocol's full bound. A session the list of people
// nearby opens before anyone chose runs it only when the app allows, with a smaller bound: the list decides
// how often a device may learn anything from it (docs/protocols/nearby-common-friends.md, "A known leak").
// It does not decide that rule; HandshakeNearby's lobby does.

/// When a session runs the common-friends intersection, and how large a set it takes.
@_spi(Wire) public struct CommonFriendsTerms: Sendable, Equatable {
    /// When the intersection starts.
    public enum Start: Sendable, Equatable {
        /// As soon as the secure channel opens.
        case atOnce
        /// When the app allows it (`ExchangeSession/allowCommonFriends()`): until then this side sends
        /// nothing of it, and the peer's set waits unanswered, so the peer learns nothing.
        case whenAllowed
    }

    /// When the intersection starts.
    public var start: Start
    /// The largest set sent or answered, a bucket size: at most this many of our own contacts are compared,
    /// and a peer's set larger than this is refused (and ends the session, as every refused set does).
    public var largestBucket: Int

    /// Terms from their parts; `largestBucket` must be one of `CommonFriendsBuckets/sizes`.
    public init(start: Start, largestBucket: Int) {
        precondition(CommonFriendsBuckets.isValid(largestBucket), "the largest set is a bucket size")
        self.start = start
        self.largestBucket = largestBucket
    }

    /// A session the two people started: at once, up to `CommonFriendsBuckets/maximum` entries.
    public static let standard = CommonFriendsTerms(start: .atOnce, largestBucket: CommonFriendsBuckets.maximum)
}
