/// Where a common-friends exchange gets its randomness: the blinding scalar, the dummy entries that pad a
/// set to its bucket, and the order in which the set is sent.
///
/// Protects, when it is the system's generator (`SystemCommonFriendsRandom`, the default): the scalar's
/// secrecy and the indistinguishability of dummies from real entries and of one position from another. A
/// predictable source protects nothing; inject one only to make tests and worked examples reproducible.
@_spi(Wire) public protocol CommonFriendsRandomSource: Sendable {
    /// The next `count` random bytes (exactly `count` of them).
    mutating func randomBytes(_ count: Int) -> [UInt8]
}

/// The system's cryptographically secure generator (`SystemRandomNumberGenerator`).
@_spi(Wire) public struct SystemCommonFriendsRandom: CommonFriendsRandomSource {
    /// The system's generator.
    public init() {}

    /// The next `count` bytes of the system's generator.
    public mutating func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 7)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }
}

extension CommonFriendsRandomSource {
    /// A uniform integer in 0..<bound (bound ≤ 2^32): a big-endian u32 of the source, drawn again while it
    /// falls in the incomplete last stretch of 2^32 (so no value is more likely than another).
    mutating func uniform(below bound: Int) -> Int {
        precondition(bound > 0 && bound <= 1 << 32, "a bound for a uniform draw lies in 1...2^32")
        let limit = (UInt64(1) << 32) / UInt64(bound) * UInt64(bound)
        while true {
            let word = randomBytes(4).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            if word < limit { return Int(word % UInt64(bound)) }
        }
    }

    /// Puts `items` in a uniformly random order: Fisher–Yates from the last position down, position i
    /// swapping with ``uniform(below:)`` (i + 1).
    mutating func shuffle<T>(_ items: inout [T]) {
        var i = items.count - 1
        while i > 0 {
            items.swapAt(i, uniform(below: i + 1))
            i -= 1
        }
    }
}
