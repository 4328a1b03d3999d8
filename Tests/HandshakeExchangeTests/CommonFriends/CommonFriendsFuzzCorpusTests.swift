import Foundation
import Testing

@_spi(Wire) @testable import HandshakeExchange

/// The seed corpus of Fuzz/Corpus/FuzzCommonFriends starts the fuzzer from the inputs it should: valid sets
/// and near misses. This keeps each file what its name says (its first byte picks the fuzzer's mode).
@Suite("Common friends: the fuzz seed corpus")
struct CommonFriendsFuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzCommonFriends")

    static func answer(_ file: String) throws -> Result<[UInt8], CommonFriendsError> {
        let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(file)))
        #expect(bytes.first == 0, "\(file) is not a set input")
        var exchange = CommonFriendsExchange(contactKeys: PSIKeys.random(3, seed: "corpus"), sessionSalt: PSIKeys.salt, random: SeededRandom("corpus"))
        _ = exchange.setMessage()
        return Result { () throws(CommonFriendsError) in try exchange.reply(toPeerSet: bytes.dropFirst()) }
    }

    @Test func validSetsAreAnswered() throws {
        for file in ["set-16", "set-64"] {
            if case .failure(let error) = try Self.answer(file) { Issue.record("\(file): \(error)") }
        }
    }

    @Test func nearMissesAreRefusedForTheirReason() throws {
        #expect(try Self.answer("set-low-order-entry") == .failure(.lowOrderEntry(position: 5)))
        #expect(try Self.answer("set-not-a-bucket") == .failure(.notABucket(count: 17)))
    }
}
