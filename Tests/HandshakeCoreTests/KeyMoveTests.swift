import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

/// Key moves (docs/formats/key-move.md, card.md key 17): a moved card verifies and names the keys it moved
/// from; every way a move can be forged or broken refuses the whole card; the worked example is regenerated;
/// and cbor2 with Python `cryptography` read, check and sign moves as the document says.
@Suite("Key moves")
struct KeyMoveTests {
    static let ada = Fixture.identity
    static let newAda = Fixture.other
    static let eve = Identity(seed: IdentitySeed(bytes: Array(repeating: 0xE5, count: 32))!)
    /// A day after the fixture card: when the worked example's move is made.
    static let movedAt = Date(timeIntervalSince1970: Double(Fixture.updatedAt + 86_400_000) / 1000)
    static let verifyAt = movedAt.addingTimeInterval(60)

    static func adaProfile() throws -> CardProfile {
        try CardProfile(card: Fixture.businessCard(), sharedFields: Set(CardField.allCases), identity: ada)
    }

    static func movedCard() throws -> SignedCard {
        try adaProfile().moved(from: ada, to: newAda, now: movedAt).issueCard(identity: newAda)
    }

    /// A card of `signer` carrying `moves` as they are, however wrong.
    static func card(by signer: Identity, moves: [KeyMove]) throws -> SignedCard {
        var card = Fixture.businessCard(signer)
        card.moves = moves
        return try CardProfile(card: card, sharedFields: Set(CardField.allCases), identity: signer).issueCard(identity: signer)
    }

    static func refusal(of signed: SignedCard) -> CardRejection? {
        do {
            _ = try CardVerifier().verify(signed.bytes, now: verifyAt)
            return nil
        } catch {
            return error
        }
    }

    @Test("a moved card keeps the fields, is newer, and names the key it moved from")
    func movedCardVerifies() throws {
        let signed = try Self.movedCard()
        let verified = try CardVerifier().verify(signed.bytes, now: Self.verifyAt)
        #expect(verified.nodeID == Self.newAda.nodeID)
        #expect(verified.card.fields == Fixture.businessCard().fields)
        #expect(verified.card.updatedAt > Fixture.updatedAt)
        #expect(verified.card.movedFrom == [Self.ada.nodeID])
        #expect(verified.card.moves.count == 1 && verified.card.moves[0].isSigned)
        // What the classifier says of it against the old card: a move, not a field change.
        let changes = CardChanges(from: Fixture.businessCard(), to: verified.card)
        #expect(changes.movedKey && changes.fields.isEmpty && !changes.isEmpty)
    }

    @Test("moving again carries the chain, newest last, cut to four")
    func chains() throws {
        var profile = try Self.adaProfile()
        var identity = Self.ada
        var keys = [identity]
        for step in 1...5 {
            let next = Identity(seed: IdentitySeed(bytes: Array(repeating: UInt8(step), count: 32))!)
            profile = try profile.moved(from: identity, to: next, now: Self.movedAt)
            identity = next
            keys.append(next)
        }
        let signed = try profile.issueCard(identity: identity)
        let verified = try CardVerifier().verify(signed.bytes, now: Self.verifyAt)
        #expect(verified.card.moves.count == KeyMoves.limit)
        // Newest first; the first key (Ada's own) fell off the chain.
        #expect(verified.card.movedFrom == keys.dropLast().suffix(4).reversed().map(\.nodeID))
        #expect(!verified.card.movedFrom.contains(Self.ada.nodeID))
    }

    @Test("every forged or broken move refuses the whole card, with its sentence")
    func refusals() throws {
        let genuine = KeyMove.sign(from: Self.ada, to: Self.newAda.sigKey, at: 1)
        // Eve claims Ada moved to Eve's key, signing the statement herself.
        let eveSigned = KeyMove(
            oldKey: Self.ada.sigKey, newKey: Self.eve.sigKey, movedAt: 1,
            signature: Self.eve.sign(KeyMove.signedMessage(oldKey: Self.ada.sigKey, newKey: Self.eve.sigKey, movedAt: 1), for: .keyMove))
        // Ada's statement signed for another purpose.
        let wrongPurpose = KeyMove(
            oldKey: Self.ada.sigKey, newKey: Self.eve.sigKey, movedAt: 1,
            signature: Self.ada.sign(KeyMove.signedMessage(oldKey: Self.ada.sigKey, newKey: Self.eve.sigKey, movedAt: 1), for: .serverChallenge))
        let back = KeyMove.sign(from: Self.newAda, to: Self.ada.sigKey, at: 2)
        let cases: [(String, SignedCard, String)] = [
            ("signed by the new key", try Self.card(by: Self.eve, moves: [eveSigned]), "a move is not signed by the key it moves from"),
            ("signed for another purpose", try Self.card(by: Self.eve, moves: [wrongPurpose]), "a move is not signed by the key it moves from"),
            ("Ada's move to another key, on Eve's card", try Self.card(by: Self.eve, moves: [genuine]), "the moves do not lead to the card's own key"),
            ("a loop back to the card's key", try Self.card(by: Self.ada, moves: [genuine, back]), "a key appears in it twice"),
        ]
        for (name, card, reason) in cases {
            #expect(Self.refusal(of: card) == .invalidField("key move", reason: reason), "\(name)")
        }
        #expect(CardRejection.invalidField("key move", reason: "a move is not signed by the key it moves from").description
            == "This card's key move is not valid: a move is not signed by the key it moves from.")
    }

    @Test("key 17 of the wrong shape is refused as such", arguments: [
        (CBOR.array([]), "it is not a list of 1 to 4 moves"),
        (CBOR.text("moved"), "it is not a list of 1 to 4 moves"),
        (CBOR.array([.text("x")]), "a move is not a map"),
        (CBOR.array([.map([CBORPair(.int(5), .int(0))])]), "a move holds a key other than 1 to 4"),
        (CBOR.array([.map([CBORPair(.int(1), .bytes([1]))])]), "a move does not name two 32-byte keys"),
    ])
    func shapes(value: CBOR, reason: String) throws {
        var pairs = try Self.payloadPairs(of: Fixture.issue(Fixture.businessCard()))
        pairs.append(CBORPair(.int(17), value))
        let bytes = COSESign1.sign(payload: CBOREncoder.encode(.map(pairs)), with: Self.ada.signRaw).encoded
        #expect(throws: CardRejection.invalidField("key move", reason: reason)) { try CardVerifier().verify(bytes, now: Self.verifyAt) }
    }

    static func payloadPairs(of signed: SignedCard) throws -> [CBORPair] {
        let envelope = try COSESign1(CBORDecoder().decode(signed.bytes), decoder: CBORDecoder())
        guard case .map(let pairs) = try CBORDecoder().decode(envelope.payload) else { throw Craft.CraftError("not a map") }
        return pairs
    }

    @Test("a move survives its own encoding, and the owner's card file")
    func roundTrips() throws {
        let move = KeyMove.sign(from: Self.ada, to: Self.newAda.sigKey, at: 42)
        #expect(try KeyMove(encoded: move.encoded) == move)
        let moved = try Self.adaProfile().moved(from: Self.ada, to: Self.newAda, now: Self.movedAt).card
        let json = try JSONEncoder().encode(moved)
        #expect(try JSONDecoder().decode(ContactCard.self, from: json) == moved)
    }

    // MARK: Independent implementations

    @Test("cbor2 and cryptography check the chain as the document says")
    func pythonChecksTheChain() async throws {
        let signed = try Self.movedCard()
        let result = try await python.run("key_move.py", ["verify": signed.bytes.hex])
        #expect(result["movedFrom"] as? [String] == [Self.ada.nodeID.rawValue])
        let move = signed.card.moves[0]
        #expect(result["signedMessages"] as? [String]
            == [KeyMove.signedMessage(oldKey: move.oldKey, newKey: move.newKey, movedAt: move.movedAt).hex])
        // And refuses Eve's statement as the verifier does.
        let eveSigned = KeyMove(
            oldKey: Self.ada.sigKey, newKey: Self.eve.sigKey, movedAt: 1,
            signature: Self.eve.sign(KeyMove.signedMessage(oldKey: Self.ada.sigKey, newKey: Self.eve.sigKey, movedAt: 1), for: .keyMove))
        let forged = try Self.card(by: Self.eve, moves: [eveSigned])
        await #expect(throws: PythonScript.Failure.self) { try await python.run("key_move.py", ["verify": forged.bytes.hex]) }
    }

    @Test("a move Python signs is the very move Swift signs, and a card carrying it verifies")
    func pythonSignsAMove() async throws {
        let movedAt = Fixture.updatedAt + 1
        let result = try await python.run(
            "key_move.py", ["sign": ["seed": Fixture.seedBytes.hex, "newKey": Self.newAda.sigKey.hex, "movedAt": movedAt] as [String: Any]])
        let bytes = try #require([UInt8](hex: result["move"] as? String ?? ""))
        let move = try KeyMove(encoded: bytes)
        #expect(move == KeyMove.sign(from: Self.ada, to: Self.newAda.sigKey, at: movedAt))
        let card = try Self.card(by: Self.newAda, moves: [move])
        #expect(try CardVerifier().verify(card.bytes, now: Self.verifyAt).card.movedFrom == [Self.ada.nodeID])
    }

    // MARK: The worked example of docs/formats/key-move.md

    static func values() throws -> [String: String] {
        let signed = try movedCard()
        let move = signed.card.moves[0]
        let envelope = try COSESign1(CBORDecoder().decode(signed.bytes), decoder: CBORDecoder())
        return [
            "oldNodeId": ada.nodeID.rawValue,
            "oldSigKey": ada.sigKey.hex,
            "newSeed": Array(repeating: UInt8(0x42), count: 32).hex,
            "newNodeId": newAda.nodeID.rawValue,
            "newSigKey": newAda.sigKey.hex,
            "movedAt": String(move.movedAt),
            "signedBytes": (SigningPurpose.keyMove.label + KeyMove.signedMessage(oldKey: move.oldKey, newKey: move.newKey, movedAt: move.movedAt)).hex,
            "signature": move.signature.hex,
            "move": move.encoded.hex,
            "payload": envelope.payload.hex,
        ]
    }

    @Test func matchesTheCommittedVector() throws {
        let values = try Self.values()
        let url = TestFiles.vectors.appendingPathComponent("key-move.json")
        if ProcessInfo.processInfo.environment["HANDSHAKE_WRITE_VECTORS"] == "1" {
            let data = try JSONSerialization.data(withJSONObject: values, options: [.prettyPrinted, .sortedKeys])
            try (data + Data("\n".utf8)).write(to: url)
        }
        let committed = try TestFiles.vectorJSON("key-move.json")
        #expect(Set(committed.keys) == Set(values.keys))
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            #expect(committed[key] as? String == value, "key move example field \(key) changed")
        }
    }

    @Test func theDocumentShowsTheVector() throws {
        let document = TestFiles.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/formats/key-move.md")
        let text = try String(contentsOf: document, encoding: .utf8).filter { !$0.isWhitespace }
        for (key, value) in try TestFiles.vectorJSON("key-move.json") {
            let compact = (value as? String ?? "").filter { !$0.isWhitespace }
            #expect(!compact.isEmpty && text.contains(compact), "docs/formats/key-move.md does not show \(key)")
        }
    }
}
