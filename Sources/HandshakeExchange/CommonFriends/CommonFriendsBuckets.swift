/// The sizes a common-friends set message may have: the padding that hides how many contacts a person has.
///
/// Protects: the size of each side's contact list, which the peer learns only to within a bucket (16, 32,
/// 64, … 4096 entries; the list is padded up with dummies). It also bounds probing: a peer that sends
/// made-up keys instead of its contacts can test at most ``maximum`` candidates in one exchange. It does
/// not hide the bucket itself, nor which contacts are common (that is what the exchange is for).
@_spi(Wire) public enum CommonFriendsBuckets {
    /// The smallest set message: even an empty contact list sends this many (dummy) entries.
    public static let minimum = 16
    /// The largest set message, and the most contacts one exchange compares; further contacts are left out.
    public static let maximum = 4096
    /// Every valid size of a set message: the powers of two from ``minimum`` to ``maximum``.
    public static let sizes: [Int] = Array(sequence(first: minimum) { $0 < maximum ? $0 * 2 : nil })

    /// The size of the set message that carries `count` contacts (at most ``maximum``).
    public static func size(for count: Int) -> Int {
        sizes.first { $0 >= count } ?? maximum
    }

    /// Whether `count` is one of ``sizes``.
    public static func isValid(_ count: Int) -> Bool {
        count >= minimum && count <= maximum && count & (count - 1) == 0
    }
}
