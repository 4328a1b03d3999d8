import Crypto
import Testing

@testable import HandshakeExchange

/// What goes on the wire: no key, no hash of a key, nothing that links two sessions.
@Suite("Common friends: what is sent")
struct CommonFriendsPrivacyTests {
    static let keysA = PSIKeys.random(40, seed: "privacy A")
    static let keysB = Array(keysA.prefix(10)) + PSIKeys.random(25, seed: "privacy B")

    /// Every value derived from a key without a secret: the key, its plain SHA-256, the labelled hash and
    /// the u-coordinate made from it.
    static func publicDerivations(of key: [UInt8]) -> [[UInt8]] {
        let labelled = Array(SHA256.hash(data: NearbyProtocol.commonFriendsElementLabel + key))
        return [key, Array(SHA256.hash(data: key)), labelled, FriendElement.hashing(sigKey: key).bytes]
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
}
