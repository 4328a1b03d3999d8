import Testing

@_spi(Wire) @testable import HandshakeExchange

/// Every message the exchange must refuse, each with its typed error, and the calls out of turn.
@Suite("Common friends: refusals")
struct CommonFriendsRefusalTests {
    static let keys = PSIKeys.random(5, seed: "refusals")

    /// An exchange that has sent its set, and a well-formed peer set of 16 entries.
    static func started() -> (exchange: CommonFriendsExchange, peerSet: [UInt8]) {
        var exchange = CommonFriendsExchange(contactKeys: keys, sessionSalt: PSIKeys.salt, random: SeededRandom("us"))
        _ = exchange.setMessage()
        var peer = CommonFriendsExchange(contactKeys: keys, sessionSalt: PSIKeys.salt, random: SeededRandom("them"))
        return (exchange, peer.setMessage())
    }

    static func refusesSet(_ message: [UInt8], with error: CommonFriendsError) {
        var (exchange, _) = started()
        #expect(throws: error) { try exchange.reply(toPeerSet: message) }
        #expect(!exchange.hasAnsweredPeer)
    }

    @Test(arguments: [0, 1, 8, 15, 17, 24, 48, 100, 1000, 4095, 4097, 8192, 65535])
    func setSizesThatAreNotABucket(count: Int) {
        let entries = PSIKeys.entries(Self.started().peerSet)
        let body = (0..<count).map { entries[$0 % entries.count] }  // length matches the count
        Self.refusesSet(PSIKeys.message(count: count, body), with: .notABucket(count: count))
    }

    @Test func truncatedAndOverlongMessages() {
        let good = Self.started().peerSet
        Self.refusesSet([], with: .missingCount(byteCount: 0))
        Self.refusesSet([0x00], with: .missingCount(byteCount: 1))
        Self.refusesSet(Array(good.prefix(2)), with: .lengthMismatch(count: 16, expectedBytes: 514, receivedBytes: 2))
        Self.refusesSet(Array(good.dropLast()), with: .lengthMismatch(count: 16, expectedBytes: 514, receivedBytes: 513))
        Self.refusesSet(good + [0], with: .lengthMismatch(count: 16, expectedBytes: 514, receivedBytes: 515))
        Self.refusesSet(PSIKeys.message(count: 4096, []), with: .lengthMismatch(count: 4096, expectedBytes: 131_074, receivedBytes: 2))
    }

    /// Points of low order: X25519 turns them into zero, which would match any other low-order entry and
    /// carries nothing of our scalar. 0, 1, the two points of order 8 (RFC 7748's list, as in libsodium's
    /// blocklist), p − 1 (order 2).
    static let lowOrder: [[UInt8]] = [
        [UInt8](repeating: 0, count: 32),
        [1] + [UInt8](repeating: 0, count: 31),
        [UInt8](hex: "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800")!,
        [UInt8](hex: "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157")!,
        [UInt8](hex: "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")!,
    ]

    @Test(arguments: 0..<5)
    func lowOrderEntries(which: Int) {
        var entries = PSIKeys.entries(Self.started().peerSet)
        entries[7] = Self.lowOrder[which]
        Self.refusesSet(PSIKeys.message(count: 16, entries), with: .lowOrderEntry(position: 7))
    }

    /// Encodings that alias another value (≥ p, or bit 255 set) are refused before any arithmetic.
    @Test(arguments: [
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p, which X25519 would read as 0
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // p + 1
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // 2^255 − 1
        "0900000000000000000000000000000000000000000000000000000000000080",  // 9 with bit 255 set
    ])
    func nonCanonicalEntries(hex: String) {
        var entries = PSIKeys.entries(Self.started().peerSet)
        entries[3] = [UInt8](hex: hex)!
        Self.refusesSet(PSIKeys.message(count: 16, entries), with: .nonCanonicalEntry(position: 3))
    }

    @Test func repeatedEntries() {
        var entries = PSIKeys.entries(Self.started().peerSet)
        entries[12] = entries[4]
        Self.refusesSet(PSIKeys.message(count: 16, entries), with: .duplicateEntry(position: 12))
    }

    @Test func aSecondSetIsRefused() throws {
        var (exchange, peerSet) = Self.started()
        _ = try exchange.reply(toPeerSet: peerSet)
        #expect(throws: CommonFriendsError.secondSet) { try exchange.reply(toPeerSet: peerSet) }
        var other = CommonFriendsExchange(contactKeys: PSIKeys.random(3, seed: "probe"), sessionSalt: PSIKeys.salt, random: SeededRandom("probe"))
        #expect(throws: CommonFriendsError.secondSet) { try exchange.reply(toPeerSet: other.setMessage()) }
    }

    @Test func aRefusedSetChangesNothing() throws {
        var (exchange, peerSet) = Self.started()
        #expect(throws: CommonFriendsError.self) { try exchange.reply(toPeerSet: peerSet.dropLast()) }
        #expect(!exchange.hasAnsweredPeer)
        _ = try exchange.reply(toPeerSet: peerSet)
        #expect(exchange.hasAnsweredPeer)
    }

    @Test func replies() throws {
        var a = CommonFriendsExchange(contactKeys: Self.keys, sessionSalt: PSIKeys.salt, random: SeededRandom("a"))
        var b = CommonFriendsExchange(contactKeys: Self.keys, sessionSalt: PSIKeys.salt, random: SeededRandom("b"))
        // A reply before we sent a set, before the peer sent its set; answering before sending our own.
        #expect(throws: CommonFriendsError.replyBeforeOwnSet) { try a.receiveReply(PSIKeys.message(count: 16, [])) }
        #expect(throws: CommonFriendsError.ownSetNotSent) { try a.reply(toPeerSet: b.setMessage()) }
        let setA = a.setMessage()
        let replyB = try b.reply(toPeerSet: setA)
        #expect(throws: CommonFriendsError.replyBeforePeerSet) { try a.receiveReply(replyB) }
        let replyA = try a.reply(toPeerSet: b.setMessage())

        // A reply of another size than our set, truncated, with a repeated or non-canonical entry.
        let entries = PSIKeys.entries(replyB)
        #expect(throws: CommonFriendsError.replyCountMismatch(expected: 16, received: 32)) {
            try a.receiveReply(PSIKeys.message(count: 32, entries + entries))
        }
        #expect(throws: CommonFriendsError.replyCountMismatch(expected: 16, received: 15)) {
            try a.receiveReply(PSIKeys.message(count: 15, Array(entries.dropLast())))
        }
        #expect(throws: CommonFriendsError.lengthMismatch(count: 16, expectedBytes: 514, receivedBytes: 513)) {
            try a.receiveReply(replyB.dropLast())
        }
        #expect(throws: CommonFriendsError.missingCount(byteCount: 1)) { try a.receiveReply(replyB.prefix(1)) }
        var repeated = entries
        repeated[15] = repeated[0]
        #expect(throws: CommonFriendsError.duplicateEntry(position: 15)) { try a.receiveReply(PSIKeys.message(count: 16, repeated)) }
        var aliased = entries
        aliased[2][31] |= 0x80
        #expect(throws: CommonFriendsError.nonCanonicalEntry(position: 2)) { try a.receiveReply(PSIKeys.message(count: 16, aliased)) }
        #expect(!a.isFinished)

        // The genuine reply, once; a second is refused.
        #expect(try a.receiveReply(replyB).commonKeys == Self.keys)
        #expect(throws: CommonFriendsError.secondReply) { try a.receiveReply(replyB) }
        #expect(try b.receiveReply(replyA).commonKeys == Self.keys)
    }

    /// The peer's set may arrive before or after we produce ours; either way the result is the same.
    @Test func theOrderOfArrivalDoesNotMatter() throws {
        var a = CommonFriendsExchange(contactKeys: Self.keys, sessionSalt: PSIKeys.salt, random: SeededRandom("a"))
        var b = CommonFriendsExchange(contactKeys: Array(Self.keys.prefix(2)), sessionSalt: PSIKeys.salt, random: SeededRandom("b"))
        let setB = b.setMessage()  // B's set arrives at A before A has produced its own
        let setA = a.setMessage()
        let replyA = try a.reply(toPeerSet: setB)
        let replyB = try b.reply(toPeerSet: setA)
        #expect(a.setMessage() == setA)  // produced once
        #expect(try b.receiveReply(replyA).commonKeys == Array(Self.keys.prefix(2)))
        #expect(try a.receiveReply(replyB).commonKeys == Array(Self.keys.prefix(2)))
    }

    static let everyError: [CommonFriendsError] = [
        .missingCount(byteCount: 1), .notABucket(count: 17), .replyCountMismatch(expected: 16, received: 32),
        .lengthMismatch(count: 16, expectedBytes: 514, receivedBytes: 20), .nonCanonicalEntry(position: 0),
        .duplicateEntry(position: 3), .lowOrderEntry(position: 2), .secondSet, .secondReply,
        .replyBeforeOwnSet, .replyBeforePeerSet, .ownSetNotSent,
    ]

    @Test func everyErrorIsASentence() {
        for error in Self.everyError {
            let text = error.description
            #expect(text.first?.isUppercase == true && text.hasSuffix("."), "\(text)")
            #expect(!text.contains("handshake "), "\(text)")
        }
    }

    /// docs/protocols/nearby-common-friends.md names every refusal a peer can cause (the local ordering
    /// mistake, `ownSetNotSent`, is not one).
    @Test func theDocumentNamesEveryRefusal() throws {
        let document = try String(contentsOf: CommonFriendsWorkedExampleTests.document, encoding: .utf8)
        let names = [
            "missingCount", "notABucket", "replyCountMismatch", "lengthMismatch", "nonCanonicalEntry", "duplicateEntry",
            "lowOrderEntry", "secondSet", "secondReply", "replyBeforeOwnSet", "replyBeforePeerSet",
        ]
        #expect(names.count == Self.everyError.count - 1)
        for name in names {
            #expect(document.contains("`\(name)`"), "the document does not name \(name)")
        }
    }
}
