import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The exchange against a plain `Set` intersection: each side must find exactly its own keys that the
/// other also holds, and send exactly its bucket's number of entries.
@Suite("Common friends: the intersection")
struct CommonFriendsPropertyTests {
    static func check(_ keysA: [[UInt8]], _ keysB: [[UInt8]], seed: String) throws {
        let run = try PSIRun(keysA, keysB, seedA: seed + " A", seedB: seed + " B")
        #expect(run.resultA.commonKeys == PSIKeys.expectedCommon(keysA, keysB))
        #expect(run.resultB.commonKeys == PSIKeys.expectedCommon(keysB, keysA))
        let comparedA = min(keysA.uniqued().count, CommonFriendsBuckets.maximum)
        let comparedB = min(keysB.uniqued().count, CommonFriendsBuckets.maximum)
        #expect(PSIKeys.entries(run.setA).count == CommonFriendsBuckets.size(for: comparedA))
        #expect(PSIKeys.entries(run.setB).count == CommonFriendsBuckets.size(for: comparedB))
        #expect(run.resultA.peerBucket == CommonFriendsBuckets.size(for: comparedB))
        #expect(run.resultB.peerBucket == CommonFriendsBuckets.size(for: comparedA))
        #expect(run.replyA.count == run.setB.count && run.replyB.count == run.setA.count)
    }

    /// A pool of keys from which both sides draw, so random sets overlap by chance.
    static let pool = PSIKeys.random(80, seed: "pool")

    @Test(arguments: 0..<24)
    func randomSets(trial: Int) throws {
        var random = SeededRandom("trial \(trial)")
        func draw() -> [[UInt8]] {
            let size = random.uniform(below: 40)
            return (0..<size).map { _ in Self.pool[random.uniform(below: Self.pool.count)] }  // repeats allowed
        }
        try Self.check(draw(), draw(), seed: "random \(trial)")
    }

    @Test func bothEmpty() throws {
        let run = try PSIRun([], [])
        #expect(run.resultA.commonKeys.isEmpty && run.resultB.commonKeys.isEmpty)
        #expect(run.setA.count == 2 + 16 * 32 && run.setB.count == 2 + 16 * 32)
    }

    @Test func oneEmpty() throws {
        try Self.check([], PSIKeys.random(20, seed: "one"), seed: "one empty")
        try Self.check(PSIKeys.random(20, seed: "one"), [], seed: "other empty")
    }

    @Test(arguments: [1, 16, 17, 100])
    func allCommon(size: Int) throws {
        let keys = PSIKeys.random(size, seed: "all \(size)")
        try Self.check(keys, keys.reversed(), seed: "all common \(size)")
        let run = try PSIRun(keys, keys.shuffled())
        #expect(run.resultA.commonKeys == keys && run.resultB.commonKeys.count == size)
    }

    @Test func noneCommon() throws {
        let run = try PSIRun(PSIKeys.random(30, seed: "x"), PSIKeys.random(30, seed: "y"))
        #expect(run.resultA.commonKeys.isEmpty && run.resultB.commonKeys.isEmpty)
    }

    /// Sizes on and either side of each bucket bound up to 512 (the larger ones cost seconds in a debug build;
    /// 4096 is covered by `aboveTheMaximum`).
    @Test(arguments: [15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513])
    func bucketBoundaries(size: Int) throws {
        let mine = PSIKeys.random(size, seed: "boundary \(size)")
        let theirs = Array(mine.prefix(size / 3)) + PSIKeys.random(10, seed: "other \(size)")
        try Self.check(mine, theirs, seed: "boundary \(size)")
    }

    /// Past the maximum, the first 4096 distinct keys in the order given are compared and the rest reported
    /// as not compared: a common key past the cut is not found.
    @Test func aboveTheMaximum() throws {
        let mine = PSIKeys.random(CommonFriendsBuckets.maximum + 5, seed: "big")
        let inside = [mine[0], mine[2000], mine[4095]]
        let outside = [mine[4096], mine[4100]]
        let theirs = inside + outside + PSIKeys.random(4, seed: "theirs")
        let run = try PSIRun(mine + [mine[1]], theirs)  // a repeated key counts once
        #expect(run.resultA.commonKeys == inside)
        #expect(run.resultA.uncomparedKeys == Array(mine[4096...]))
        #expect(run.resultB.commonKeys == inside)
        #expect(PSIKeys.entries(run.setA).count == CommonFriendsBuckets.maximum)
        #expect(run.resultB.peerBucket == CommonFriendsBuckets.maximum)
    }

    @Test func keysThatAreNotThirtyTwoBytesAreNotCompared() throws {
        let short = [UInt8](repeating: 7, count: 31)
        let keys = PSIKeys.random(3, seed: "short")
        let run = try PSIRun(keys + [short], [short, keys[1]])
        #expect(run.resultA.commonKeys == [keys[1]])
        #expect(run.resultA.uncomparedKeys == [short])
    }

    @Test func bucketSizes() {
        #expect(CommonFriendsBuckets.sizes == [16, 32, 64, 128, 256, 512, 1024, 2048, 4096])
        #expect(CommonFriendsBuckets.size(for: 0) == 16)
        #expect(CommonFriendsBuckets.size(for: 16) == 16)
        #expect(CommonFriendsBuckets.size(for: 17) == 32)
        #expect(CommonFriendsBuckets.size(for: 1000) == 1024)
        #expect(CommonFriendsBuckets.size(for: 4096) == 4096)
        for count in 0...9000 {
            #expect(CommonFriendsBuckets.isValid(count) == CommonFriendsBuckets.sizes.contains(count))
        }
    }
}
