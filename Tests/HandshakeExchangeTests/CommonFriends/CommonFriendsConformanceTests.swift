import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The same exchange computed by Conformance/psi_exchange.py, written from
/// docs/protocols/nearby-common-friends.md on `cryptography`'s X25519 and hashlib: with the same random
/// streams, every message must match byte for byte, and so must both results.
@Suite("Common friends: against an independent implementation")
struct CommonFriendsConformanceTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var keysA: [[UInt8]], keysB: [[UInt8]]
        var description: String { name }
    }

    static let cases: [Case] = {
        let pool = PSIKeys.random(60, seed: "conformance")
        return [
            Case(name: "worked example", keysA: CommonFriendsWorkedExample.keysA, keysB: CommonFriendsWorkedExample.keysB),
            Case(name: "both empty", keysA: [], keysB: []),
            Case(name: "one empty", keysA: Array(pool[0..<5]), keysB: []),
            Case(name: "repeats and a short key", keysA: [pool[0], pool[1], pool[0], [1, 2, 3]], keysB: [pool[1], pool[2]]),
            Case(name: "16 and 17", keysA: Array(pool[0..<16]), keysB: Array(pool[8..<25])),
            Case(name: "33 and 60", keysA: Array(pool[20..<53]), keysB: pool),
        ]
    }()

    @Test(arguments: cases)
    func matchesPython(_ testCase: Case) async throws {
        let seedA = "conformance \(testCase.name) A", seedB = "conformance \(testCase.name) B"
        let run = try PSIRun(testCase.keysA, testCase.keysB, seedA: seedA, seedB: seedB)
        let python = try await python.run("psi_exchange.py", [
            "salt": PSIKeys.salt.hex,
            "a": ["keys": testCase.keysA.map(\.hex), "seed": Array(seedA.utf8).hex],
            "b": ["keys": testCase.keysB.map(\.hex), "seed": Array(seedB.utf8).hex],
        ])
        let a = try #require(python["a"] as? [String: Any])
        let b = try #require(python["b"] as? [String: Any])
        #expect(a["set"] as? String == run.setA.hex)
        #expect(b["set"] as? String == run.setB.hex)
        #expect(a["reply"] as? String == run.replyA.hex)
        #expect(b["reply"] as? String == run.replyB.hex)
        #expect(a["common"] as? [String] == run.resultA.commonKeys.map(\.hex))
        #expect(b["common"] as? [String] == run.resultB.commonKeys.map(\.hex))
        var randomA = SeededRandom(seedA)
        #expect(a["scalar"] as? String == randomA.randomBytes(32).hex)
        let compared = testCase.keysA.filter { $0.count == 32 }.uniqued()
        #expect(a["elements"] as? [String] == compared.map { FriendElement.hashing(sigKey: $0, sessionSalt: PSIKeys.salt).bytes.hex })
    }
}
