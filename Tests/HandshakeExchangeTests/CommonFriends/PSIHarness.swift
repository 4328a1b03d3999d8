import Crypto

@_spi(Wire) @testable import HandshakeExchange

/// Two sides of a common-friends exchange run to the end in memory, with every message kept.
struct PSIRun {
    var setA: [UInt8], setB: [UInt8]
    var replyA: [UInt8], replyB: [UInt8]
    var resultA: CommonFriendsResult, resultB: CommonFriendsResult

    /// Every byte either side sent.
    var messages: [[UInt8]] { [setA, setB, replyA, replyB] }

    init(_ keysA: [[UInt8]], _ keysB: [[UInt8]], seedA: String = "side A", seedB: String = "side B") throws {
        var a = CommonFriendsExchange(contactKeys: keysA, sessionSalt: PSIKeys.salt, random: SeededRandom(seedA))
        var b = CommonFriendsExchange(contactKeys: keysB, sessionSalt: PSIKeys.salt, random: SeededRandom(seedB))
        setA = a.setMessage()
        setB = b.setMessage()
        replyA = try a.reply(toPeerSet: setB)
        replyB = try b.reply(toPeerSet: setA)
        resultA = try a.receiveReply(replyB)
        resultB = try b.receiveReply(replyA)
    }
}

enum PSIKeys {
    /// The session salt of these tests (in a session it is the channel's handshake hash): 32 bytes of `5a`.
    static let salt = [UInt8](repeating: 0x5A, count: 32)

    /// `count` distinct 32-byte keys drawn from a seeded stream.
    static func random(_ count: Int, seed: String) -> [[UInt8]] {
        var random = SeededRandom("keys " + seed)
        return (0..<count).map { _ in random.randomBytes(32) }
    }

    /// The key made of 32 copies of `byte` (the worked example's keys).
    static func repeated(_ byte: UInt8) -> [UInt8] { [UInt8](repeating: byte, count: 32) }

    /// The keys of `mine` (first occurrences, in order, at most the maximum bucket) that `theirs` also holds:
    /// what a plain set intersection says the exchange must find.
    static func expectedCommon(_ mine: [[UInt8]], _ theirs: [[UInt8]]) -> [[UInt8]] {
        let other = Set(theirs.filter { $0.count == 32 }.uniqued().prefix(CommonFriendsBuckets.maximum))
        return mine.filter { $0.count == 32 }.uniqued().prefix(CommonFriendsBuckets.maximum).filter { other.contains($0) }
    }

    /// The entries of a message (after its two-byte count).
    static func entries(_ message: [UInt8]) -> [[UInt8]] {
        stride(from: 2, to: message.count, by: 32).map { Array(message[$0..<$0 + 32]) }
    }

    /// A message of `count` with the given entries.
    static func message(count: Int, _ entries: [[UInt8]]) -> [UInt8] {
        [UInt8(count >> 8), UInt8(count & 0xFF)] + entries.flatMap { $0 }
    }
}

extension Array where Element == [UInt8] {
    func uniqued() -> [[UInt8]] {
        var seen = Set<[UInt8]>()
        return filter { seen.insert($0).inserted }
    }
}
