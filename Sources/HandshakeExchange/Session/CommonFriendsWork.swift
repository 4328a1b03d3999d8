// Establishes the common-friends computation a session owes at one moment, as a value the driver can run
// on another thread: our set (once), the reply to the peer's set, the result from the peer's reply. It is the
// session's one heavy piece (an X25519 per entry of each set: about 9 ms a side at 100 contacts), and the
// cards never wait for it (docs/protocols/nearby.md §2): an `ExchangeSession` runs it off the actor that
// handles cards, so a request and its answer cross while the sets are still being blinded. It does not
// decide what a result or a refusal does to the session; `NearbySession.finishCommonFriendsWork` does.

/// The common-friends steps a session owes, taken out of it to be run anywhere and handed back.
struct CommonFriendsWork: Sendable {
    /// The exchange, owned by this work while it runs.
    var exchange: CommonFriendsExchange
    /// Whether our set is still to be made (it always goes out before our reply).
    var makesSet: Bool
    /// The peer's set, received and not yet answered.
    var peerSet: [UInt8]?
    /// The peer's reply to our set, received and not yet read.
    var peerReply: [UInt8]?

    /// What the steps produced, in the order they must be sent.
    private(set) var messages: [SessionMessage] = []
    /// The common contacts, when the peer's reply was read.
    private(set) var result: CommonFriendsResult?
    /// Why a message of the peer was refused; the steps after it were not taken.
    private(set) var refusal: CommonFriendsError?

    /// Takes the steps, in the protocol's order: set, reply, result.
    mutating func run() {
        if makesSet { messages.append(.commonFriends(.commonFriendsSet, exchange.setMessage())) }
        do throws(CommonFriendsError) {
            if let peerSet { messages.append(.commonFriends(.commonFriendsReply, try exchange.reply(toPeerSet: peerSet))) }
            if let peerReply { result = try exchange.receiveReply(peerReply) }
        } catch {
            refusal = error
        }
    }
}
