import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

/// The seed corpora of Fuzz/Corpus start the fuzzers from valid inputs; this keeps them valid. Run with
/// HANDSHAKE_WRITE_VECTORS=1 to rewrite the inputs made from the worked-example card.
@Suite("Fuzz seed corpora")
struct FuzzCorpusTests {
    static let corpus = TestFiles.directory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    static func files(_ target: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent(target), includingPropertiesForKeys: nil)
    }

    @Test func corporaHoldValidInputs() throws {
        if ProcessInfo.processInfo.environment["HANDSHAKE_WRITE_VECTORS"] == "1" {
            let signed = try Fixture.signedBusinessCard()
            let every = try Fixture.issue(Fixture.everyFieldCard())
            let text = Self.corpus.appendingPathComponent("FuzzCardText")
            try Data(VCardWriter.write(signed).utf8).write(to: text.appendingPathComponent("vcard.vcf"))
            try Data(VCardWriter.write(every).utf8).write(to: text.appendingPathComponent("vcard-every-field.vcf"))
            try Data(every.bytes).write(to: Self.corpus.appendingPathComponent("FuzzCard/every-field.cbor"))
            try Data(KeyMoveTests.movedCard().bytes).write(to: Self.corpus.appendingPathComponent("FuzzCard/moved-key.cbor"))
        }
        let cards = try Self.files("FuzzCard")
        #expect(cards.count >= 4)
        let moved = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent("FuzzCard/moved-key.cbor")))
        #expect(try CardVerifier().verify(moved, now: KeyMoveTests.verifyAt).card.moves.count == 1, "the corpus starts the fuzzer from a card with key 17")
        for file in cards {
            #expect(throws: Never.self, "\(file.lastPathComponent)") { try CardVerifier().verify([UInt8](Data(contentsOf: file)), now: Date()) }
        }
        var forms: Set<CardForm> = []
        for file in try Self.files("FuzzCardText") where file.lastPathComponent != "plain.vcf" {
            let read = try CardText.read([UInt8](Data(contentsOf: file)), now: Date())
            forms.insert(read.form)
        }
        #expect(forms == Set(CardForm.allCases))
        for file in try Self.files("FuzzSeedBackup") where file.lastPathComponent.hasPrefix("backup") {
            #expect(try SeedBackup.restore(from: String(contentsOf: file, encoding: .utf8)) == Fixture.seed)
        }
        for file in try Self.files("FuzzCBOR") {
            _ = try CBORDecoder().decode([UInt8](Data(contentsOf: file)))
        }
    }

    /// FuzzIdentifiers starts from both kinds of text it reads, valid (`did-key-…`, `hsc1-…`) and near
    /// misses that each parser must refuse (`near-…`).
    @Test func identifierCorpusHoldsValidInputsAndNearMisses() throws {
        var kinds: [String: Int] = [:]
        for file in try Self.files("FuzzIdentifiers") {
            let name = file.lastPathComponent
            let text = try String(contentsOf: file, encoding: .utf8)
            let kind = String(name.prefix { $0 != "-" })
            kinds[kind, default: 0] += 1
            switch kind {
            case "did": #expect(throws: Never.self, "\(name)") { try DIDKey(parsing: text) }
            case "hsc1": #expect(throws: Never.self, "\(name)") { try ScannableSecurityCode(parsing: text) }
            default:
                #expect(kind == "near", "\(name): seeds are named did-key-…, hsc1-… or near-…")
                #expect(throws: (any Error).self, "\(name)") { try DIDKey(parsing: text) }
                #expect(throws: (any Error).self, "\(name)") { try ScannableSecurityCode(parsing: text) }
            }
        }
        #expect(kinds["did", default: 0] >= 2 && kinds["hsc1", default: 0] >= 1 && kinds["near", default: 0] >= 2)
    }
}
