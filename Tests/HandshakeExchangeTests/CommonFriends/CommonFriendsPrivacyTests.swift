import Crypto
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// What goes on the wire: no key, no hash of a key, nothing that links two sessions.
@Suite("Common friends: what is sent")
struct CommonFriendsPrivacyTests {
    static let keysA = PSIKeys.random(40, seed: "privacy A")
    static let keysB = Array(keysA.prefix(10)) + PSIKeys.random(25, seed: "privacy B")

    /// Every value derived from a key without a secret: the key, its plain SHA-256, the labelled hash and
    /// the u-coordinate made from it.
    static func publicDerivations(of key: [UInt8]) -> [[UInt8]] {
        let labelled = Array(SHA256.hash(data: NearbyProtocol.commonFriendsElementLabel + key))
        return [key, Array(SHA256.hash(data: key)), labelled, FriendElement.hashing(sigKey: key, sessionSalt: PSIKeys.salt).bytes]
    }

    @Test func noKeyAndNoHashOfAKeyIsSent() throws {
        let run = try PSIRun(Self.keysA, Self.keysB)
        // Any 8-byte window of any derivation, at any offset of any message, would be a find.
        var windows = Set<[UInt8]>()
        for key in Self.keysA + Self.keysB {
            for value in Self.publicDerivations(of: key) {
                for start in stride(from: 0, through: 24, by: 1) { windows.insert(Array(value[start..<start + 8])) }
            }
        }
        for message in run.messages {
            for start in 0...(message.count - 8) {
                #expect(!windows.contains(Array(message[start..<start + 8])), "a message holds part of a key or its hash")
            }
        }
    }

    @Test func twoSessionsShareNoEntry() throws {
        let first = try PSIRun(Self.keysA, Self.keysB, seedA: "session 1 A", seedB: "session 1 B")
        let second = try PSIRun(Self.keysA, Self.keysB, seedA: "session 2 A", seedB: "session 2 B")
        let firstEntries = Set(first.messages.flatMap(PSIKeys.entries))
        #expect(firstEntries.isDisjoint(with: second.messages.flatMap(PSIKeys.entries)))
        #expect(first.resultA == second.resultA)
    }

    @Test func everyEntryIsCanonicalAndDistinct() throws {
        let run = try PSIRun(Self.keysA, Self.keysB)
        for message in run.messages {
            let entries = PSIKeys.entries(message)
            #expect(Set(entries).count == entries.count)
            #expect(entries.allSatisfy { FriendElement(bytes: $0)?.isCanonical == true })
        }
    }

    static func classify(_ messages: [[UInt8]]) async throws -> (curve: Int, twist: Int, primeOrder: Int, entries: Int) {
        let counts = try await python.run("psi_subgroup.py", ["messages": messages.map(\.hex)])
        func count(_ key: String) throws -> Int { try #require(counts[key] as? Int) }
        return (try count("curve"), try count("twist"), try count("primeOrder"), try count("entries"))
    }

    /// Real entries and dummies alike are blinded points: each in the prime-order subgroup of the curve or
    /// of its twist (checked by Conformance/psi_subgroup.py with plain integer arithmetic). Random 32-byte
    /// strings mostly are not, which is why a dummy is a blinded random value and not random bytes.
    @Test func everyEntryIsABlindedPoint() async throws {
        let run = try PSIRun(Self.keysA, Self.keysB)
        let sent = try await Self.classify(run.messages)
        #expect(sent.entries == 2 * (64 + 64) && sent.primeOrder == sent.entries)
        var random = SeededRandom("raw bytes")
        let raw = PSIKeys.message(count: 64, (0..<64).map { _ in FriendElement(clearingTopBitOf: random.randomBytes(32)).bytes })
        await #expect(try Self.classify([raw]).primeOrder < 32)
    }

    /// Dummies fall on the curve and on the twist about equally, as blinded hashed keys do.
    @Test func dummiesFallOnTheCurveAndTheTwistAlike() async throws {
        var sets: [[UInt8]] = []
        for session in 0..<16 {
            var exchange = CommonFriendsExchange(contactKeys: [], sessionSalt: PSIKeys.salt, random: SeededRandom("dummies \(session)"))
            sets.append(exchange.setMessage())
        }
        let dummies = try await Self.classify(sets)
        #expect(dummies.entries == 256 && dummies.primeOrder == 256)
        #expect(dummies.twist > 100 && dummies.twist < 156, "\(dummies.twist) of 256 dummies on the twist")
    }
}
