import Crypto

@_spi(Wire) @testable import HandshakeExchange

/// A reproducible random source for tests, worked examples and the Python comparison: the byte stream
/// SHA-256(seed ‖ 0) ‖ SHA-256(seed ‖ 1) ‖ …, the counter a big-endian u64 (docs/protocols/nearby-common-friends.md).
/// Predictable by design: never for a real exchange.
struct SeededRandom: CommonFriendsRandomSource {
    let seed: [UInt8]
    private var counter: UInt64 = 0
    private var pending: [UInt8] = []

    init(seed: [UInt8]) { self.seed = seed }
    init(_ text: String) { self.seed = Array(text.utf8) }

    mutating func randomBytes(_ count: Int) -> [UInt8] {
        while pending.count < count {
            var hash = SHA256()
            hash.update(data: seed)
            hash.update(data: withUnsafeBytes(of: counter.bigEndian) { Array($0) })
            pending.append(contentsOf: hash.finalize())
            counter += 1
        }
        defer { pending.removeFirst(count) }
        return Array(pending.prefix(count))
    }
}
