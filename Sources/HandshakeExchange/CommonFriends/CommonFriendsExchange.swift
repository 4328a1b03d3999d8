/// Common friends by private set intersection: Diffie–Hellman PSI over X25519 on the keys of each side's
/// trusted contacts (docs/protocols/nearby-common-friends.md). Sans-I/O: bytes in, bytes and a result out.
///
/// Protects: each side's contact list. A side sends only its contacts' hashed keys blinded by a scalar
/// used for this exchange alone, padded to a bucket size with dummies that look like them, in random
/// order; so the peer learns which of its own contacts are common, and the bucket, and no key, no hash of
/// a key, not the other contacts, not the exact count. A peer that sends made-up keys can test at most
/// `largestBucket` candidates (`CommonFriendsBuckets/maximum` by default, 256 in the list of people nearby),
/// once per exchange (a second set is refused); how often a device may run an exchange with the list is the
/// list's rule (the document's "A known leak").
/// It does not protect against a peer that deviates to mislead: it can hide common contacts or make some
/// of ours look common; nor does it hide the bucket. It relies on the session layer's channel for
/// confidentiality and for knowing who the peer is.
///
/// The flow, on each side, in any order of arrival:
/// 1. ``setMessage()`` as soon as the channel opens (always before this side's reply);
/// 2. ``reply(toPeerSet:)`` when the peer's set arrives: the answer to send back;
/// 3. ``receiveReply(_:)`` when the peer's answer to our set arrives: the common contacts.
@_spi(Wire) public struct CommonFriendsExchange: Sendable {
    private struct SentSet: Sendable {
        var message: [UInt8]
        /// For each position of the message, the index in `compared` of the contact it blinds (nil: a dummy).
        var owners: [Int?]
    }

    private var random: any CommonFriendsRandomSource
    private let blinding: Blinding
    /// The own contact keys compared: 32 bytes each, deduplicated, at most the maximum bucket.
    private let compared: [[UInt8]]
    /// The largest set compared and answered: our own contacts past it are left out, a larger set refused.
    private let largestBucket: Int
    private let uncompared: [[UInt8]]
    private var sent: SentSet?
    /// The peer's set blinded by our scalar too (our reply to it), and that set's size.
    private let sessionSalt: [UInt8]
    private var peerDoubleBlinded: (entries: Set<FriendElement>, bucket: Int)?
    private var finished = false

    /// An exchange over the `sigKey`s (32 bytes each) of this side's trusted contacts.
    ///
    /// Repeated keys count once. If more than `largestBucket` distinct keys are given, the first ones in
    /// the order given are compared (put the contacts that matter most first) and the rest are reported in
    /// `CommonFriendsResult/uncomparedKeys`, as is any key that is not 32 bytes long.
    ///
    /// - Parameters:
    ///   - contactKeys: the `sigKey`s of this side's trusted contacts, those that matter most first.
    ///   - sessionSalt: the secure channel's handshake hash, which both sides share: it makes every element
    ///     new in each session (docs/protocols/nearby-common-friends.md, "Elements").
    ///   - largestBucket: the largest set sent or answered, one of `CommonFriendsBuckets/sizes`: at most this
    ///     many own contacts are compared, and a peer's set larger than this is refused
    ///   (`CommonFriendsError/setTooLarge(count:limit:)`).
    ///   - random: the source of the scalar, the dummies and the order; the system's by default.
    public init(
        contactKeys: [[UInt8]], sessionSalt: [UInt8], largestBucket: Int = CommonFriendsBuckets.maximum,
        random: some CommonFriendsRandomSource = SystemCommonFriendsRandom()
    ) {
        precondition(CommonFriendsBuckets.isValid(largestBucket), "the largest set is a bucket size")
        self.sessionSalt = sessionSalt
        self.largestBucket = largestBucket
        var random: any CommonFriendsRandomSource = random
        self.blinding = Self.drawBlinding(from: &random)
        var seen = Set<[UInt8]>()
        var compared: [[UInt8]] = []
        var uncompared: [[UInt8]] = []
        for key in contactKeys where seen.insert(key).inserted {
            if key.count == FriendElement.byteCount && compared.count < largestBucket {
                compared.append(key)
            } else {
                uncompared.append(key)
            }
        }
        self.random = random
        self.compared = compared
        self.uncompared = uncompared
    }

    /// A fresh scalar: 32 bytes of the source (X25519 clamps them; any 32 bytes make a scalar).
    private static func drawBlinding(from random: inout any CommonFriendsRandomSource) -> Blinding {
        while true {
            if let blinding = Blinding(scalar: random.randomBytes(32)) { return blinding }
        }
    }

    /// Whether our set message has been produced (and so may be answered).
    public var hasSentSet: Bool { sent != nil }
    /// Whether the peer's set has been accepted and answered.
    public var hasAnsweredPeer: Bool { peerDoubleBlinded != nil }
    /// Whether the peer's reply has been accepted, giving the result.
    public var isFinished: Bool { finished }

    /// Our set message: every compared contact's hashed key blinded by our scalar, padded with dummies to
    /// its bucket, in random order. Computed once; later calls return the same bytes.
    public mutating func setMessage() -> [UInt8] {
        if let sent { return sent.message }
        var entries: [FriendElement] = []
        var owners: [Int?] = []
        var seen = Set<FriendElement>(minimumCapacity: CommonFriendsBuckets.size(for: compared.count))
        for (index, key) in compared.enumerated() {
            // A key whose blinded value is zero or repeats another's (probability about 2^-250) is left
            // out: it can then never be found common, and nothing else changes.
            guard let entry = blinding.blind(.hashing(sigKey: key, sessionSalt: sessionSalt)), seen.insert(entry).inserted else { continue }
            entries.append(entry)
            owners.append(index)
        }
        let bucket = CommonFriendsBuckets.size(for: entries.count)
        while entries.count < bucket {
            // A dummy is a random u-coordinate blinded like a real one: the same distribution, curve or twist.
            let dummy = FriendElement(clearingTopBitOf: random.randomBytes(FriendElement.byteCount))
            guard let entry = blinding.blind(dummy), seen.insert(entry).inserted else { continue }
            entries.append(entry)
            owners.append(nil)
        }
        var order = Array(entries.indices)
        random.shuffle(&order)
        let message = CommonFriendsMessage.encode(order.map { entries[$0] })
        sent = SentSet(message: message, owners: order.map { owners[$0] })
        return message
    }

    /// The reply to the peer's set message: each of its entries blinded again by our scalar, in the order
    /// received. Call after ``setMessage()``; a second set in the exchange is refused.
    public mutating func reply(toPeerSet message: some Collection<UInt8>) throws(CommonFriendsError) -> [UInt8] {
        guard peerDoubleBlinded == nil else { throw .secondSet }
        guard sent != nil else { throw .ownSetNotSent }
        let entries = try CommonFriendsMessage.decode(message, expectedCount: nil, largestBucket: largestBucket)
        var answered: [FriendElement] = []
        answered.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            guard let blinded = blinding.blind(entry) else { throw .lowOrderEntry(position: position) }
            answered.append(blinded)
        }
        peerDoubleBlinded = (Set(answered), entries.count)
        return CommonFriendsMessage.encode(answered)
    }

    /// The common contacts, from the peer's reply to our set: an own contact is common when its entry,
    /// blinded by the peer, equals one of the peer's entries blinded by us.
    public mutating func receiveReply(_ message: some Collection<UInt8>) throws(CommonFriendsError) -> CommonFriendsResult {
        guard let sent else { throw .replyBeforeOwnSet }
        guard !finished else { throw .secondReply }
        guard let peer = peerDoubleBlinded else { throw .replyBeforePeerSet }
        let entries = try CommonFriendsMessage.decode(message, expectedCount: sent.owners.count)
        var common: [Int] = []
        for (position, entry) in entries.enumerated() {
            if let owner = sent.owners[position], peer.entries.contains(entry) { common.append(owner) }
        }
        finished = true
        return CommonFriendsResult(
            commonKeys: common.sorted().map { compared[$0] }, uncomparedKeys: uncompared, peerBucket: peer.bucket)
    }
}
