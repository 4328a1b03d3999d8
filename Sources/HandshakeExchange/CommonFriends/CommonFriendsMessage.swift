/// The payload of both common-friends messages, the set and the reply: `count` (u16, big-endian) followed
/// by `count` entries of 32 bytes (docs/protocols/nearby-common-friends.md).
///
/// Protects: the receiver, by reading nothing before it has checked the count against what it may be (a
/// bucket size for a set, the size of our own set for a reply) and the length against the count, and by
/// refusing non-canonical and repeated entries, so every accepted message has one meaning. It does not
/// frame, encrypt or type the message: the session layer carries it on the Noise channel.
enum CommonFriendsMessage {
    static let countByteCount = 2

    /// The payload carrying `entries` in order.
    static func encode(_ entries: [FriendElement]) -> [UInt8] {
        precondition(entries.count <= Int(UInt16.max), "a common-friends message holds at most 65535 entries")
        var out = [UInt8](repeating: 0, count: countByteCount + entries.count * FriendElement.byteCount)
        out[0] = UInt8(entries.count >> 8)
        out[1] = UInt8(entries.count & 0xFF)
        for (index, entry) in entries.enumerated() {
            entry.append(to: &out, at: countByteCount + index * FriendElement.byteCount)
        }
        return out
    }

    /// The entries of a set message (`expectedCount` nil: the count must be a bucket size, at most
    /// `largestBucket`) or of a reply (`expectedCount` is the size of the set it answers).
    static func decode(
        _ bytes: some Collection<UInt8>, expectedCount: Int?, largestBucket: Int = CommonFriendsBuckets.maximum
    ) throws(CommonFriendsError) -> [FriendElement] {
        let bytes = Array(bytes)
        guard bytes.count >= countByteCount else { throw .missingCount(byteCount: bytes.count) }
        let count = Int(bytes[0]) << 8 | Int(bytes[1])
        if let expectedCount {
            guard count == expectedCount else { throw .replyCountMismatch(expected: expectedCount, received: count) }
        } else {
            guard CommonFriendsBuckets.isValid(count) else { throw .notABucket(count: count) }
            guard count <= largestBucket else { throw .setTooLarge(count: count, limit: largestBucket) }
        }
        let expectedBytes = countByteCount + count * FriendElement.byteCount
        guard bytes.count == expectedBytes else {
            throw .lengthMismatch(count: count, expectedBytes: expectedBytes, receivedBytes: bytes.count)
        }
        var entries: [FriendElement] = []
        entries.reserveCapacity(count)
        var seen = Set<FriendElement>(minimumCapacity: count)
        for position in 0..<count {
            let entry = bytes.withUnsafeBytes { raw in
                FriendElement(UnsafeRawBufferPointer(rebasing: raw[(countByteCount + position * FriendElement.byteCount)...]))
            }
            guard entry.isCanonical else { throw .nonCanonicalEntry(position: position) }
            guard seen.insert(entry).inserted else { throw .duplicateEntry(position: position) }
            entries.append(entry)
        }
        return entries
    }
}
