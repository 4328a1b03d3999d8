import Crypto
import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

/// The receive pipeline, one rejection at a time: size → CBOR → COSE envelope → schema → fields → Node ID →
/// signature → date.
@Suite("Card verification pipeline")
struct CardPipelineTests {
    let card = Fixture.businessCard()

    @Test func issuedCardVerifies() throws {
        let signed = try Fixture.signedBusinessCard()
        let verified = try CardVerifier().verify(signed.bytes, now: Fixture.now)
        #expect(verified == signed)
        #expect(verified.card == card)
        #expect(verified.nodeID == Fixture.identity.nodeID)
    }

    @Test func correctSignatureButWrongNodeID() throws {
        let payload = try Craft.payload(card, replacing: [2: .text(Fixture.other.nodeID.rawValue)])
        let bytes = Craft.sign(payload)
        #expect(rejection(of: bytes) == .nodeIDMismatch(claimed: Fixture.other.nodeID.rawValue, derived: Fixture.identity.nodeID))
    }

    /// Swift's `String ==` treats canonically equivalent text as equal; U+212A KELVIN SIGN is equivalent
    /// to "K". A Node ID is compared as bytes, so a look-alike claim must not pass.
    @Test func nodeIDIsComparedByteForByte() throws {
        let candidates = (0..<64).lazy.map { Identity(seed: IdentitySeed(uncheckedBytes: Array(repeating: UInt8($0), count: 32))) }
        let chosen = try #require(candidates.first { $0.nodeID.rawValue.contains("K") })
        let lookalike = chosen.nodeID.rawValue.replacingOccurrences(of: "K", with: "\u{212A}")
        #expect(lookalike == chosen.nodeID.rawValue)  // what Swift's String == says
        let payload = try Craft.payload(Fixture.businessCard(chosen), replacing: [2: .text(lookalike)])
        #expect(rejection(of: Craft.sign(payload, by: chosen)) == .nodeIDMismatch(claimed: lookalike, derived: chosen.nodeID))
    }

    @Test func unsupportedSchema() throws {
        let bytes = Craft.sign(try Craft.payload(card, replacing: [1: .int(7)]))
        let reason = try #require(rejection(of: bytes))
        #expect(reason == .unsupportedSchema(7))
        #expect(reason.description == "This card uses schema 7; this version of Handshake reads schema 1.")
    }

    @Test func datedInTheFuture() throws {
        let skew = CardVerifier().allowedClockSkew
        let nowMillis = UInt64(Fixture.now.timeIntervalSince1970 * 1000)
        let farAhead = Craft.sign(try Craft.payload(card, replacing: [5: .unsigned(nowMillis + 365 * 86_400_000)]))
        #expect(rejection(of: farAhead) == .datedInFuture(updatedAt: nowMillis + 365 * 86_400_000, now: nowMillis))
        let justTooFar = Craft.sign(try Craft.payload(card, replacing: [5: .unsigned(nowMillis + skew + 1)]))
        #expect(rejection(of: justTooFar) == .datedInFuture(updatedAt: nowMillis + skew + 1, now: nowMillis))
        let withinSkew = Craft.sign(try Craft.payload(card, replacing: [5: .unsigned(nowMillis + skew)]))
        #expect(rejection(of: withinSkew) == nil)
    }

    @Test func unknownKeysAreIgnoredAndKeptVerbatim() throws {
        let payload = try Craft.payload(card, replacing: [
            99: .text("a field from the future"),
            999: .map([CBORPair(.int(1), .array([.bool(true), .null]))]),
            -3: .bytes([1, 2, 3]),
        ])
        let bytes = Craft.sign(payload)
        let verified = try CardVerifier().verify(bytes, now: Fixture.now)
        #expect(verified.card == card)
        #expect(verified.bytes == bytes)
    }

    @Test func missingRequiredFields() throws {
        let cases: [(Int, CardRejection)] = [
            (1, .missingField("schema number")),
            (2, .missingField("Node ID")),
            (3, .missingField("signing key (sigKey)")),
            (4, .missingField("encryption key (encKey)")),
            (5, .missingField("update time (updatedAt)")),
        ]
        for (key, expected) in cases {
            #expect(rejection(of: Craft.sign(try Craft.payload(card, removing: [key]))) == expected)
        }
    }

    @Test func wrongFieldTypes() throws {
        let cases: [([Int: CBOR], CardRejection)] = [
            ([1: .text("1")], .invalidField("schema number", reason: "it is not a number")),
            ([2: .bytes([1])], .invalidField("Node ID", reason: "it is not text")),
            ([3: .bytes(Array(repeating: 1, count: 31))], .invalidField("signing key (sigKey)", reason: "it is not a 32-byte key")),
            ([4: .text("key")], .invalidField("encryption key (encKey)", reason: "it is not a 32-byte key")),
            ([5: .int(-1)], .invalidField("update time (updatedAt)", reason: "it is not a whole number of milliseconds")),
            ([6: .bytes([0x41])], .invalidField("name", reason: "it is not text")),
            ([12: .text("ada@example.com")], .invalidField("email addresses", reason: "it is not a list")),
            ([13: .array([.int(5)])], .invalidField("phone numbers", reason: "an entry is not text")),
            ([14: .array([.text("github")])], .invalidField("links", reason: "an entry is not a map")),
            ([14: .array([.map([CBORPair(.int(2), .text("@ada"))])])], .invalidField("links", reason: "an entry has no platform")),
            ([8: .text("png")], .invalidField("avatar", reason: "it is not image data")),
        ]
        for (replacing, expected) in cases {
            #expect(rejection(of: Craft.sign(try Craft.payload(card, replacing: replacing))) == expected)
        }
    }

    @Test func signedByAnotherKey() throws {
        let bytes = Craft.sign(try Craft.payload(card), by: Fixture.other)
        #expect(rejection(of: bytes) == .badSignature)
    }

    @Test func nonCanonicalPayloadIsNotACard() throws {
        // The schema number 1 written in two bytes (18 01) instead of one: valid CBOR, correctly signed,
        // but not deterministic.
        let canonical = try Craft.payload(card)
        #expect(Array(canonical[1...2]) == [0x01, 0x01])
        let payload = [canonical[0], 0x01, 0x18, 0x01] + canonical[3...]
        #expect(rejection(of: Craft.sign(payload)) == .notACard("its content is not canonical CBOR (\(CBORError.notDeterministic("a number is written in more bytes than it needs", offset: 2)))"))
    }

    @Test func envelopeProblems() throws {
        let payload = try Craft.payload(card)
        let signed = Craft.sign(payload)
        // Untagged.
        #expect(rejection(of: Array(signed.dropFirst())) == .notSigned(.notTagged))
        // Another algorithm in the protected header (ES256, -7), signature made over that header.
        let es256 = Craft.sign(payload, protectedHeader: CBOREncoder.encode(.map([CBORPair(.int(1), .int(-7))])))
        #expect(rejection(of: es256) == .notSigned(.unsupportedAlgorithm("-7")))
        // A critical-headers parameter.
        let crit = Craft.sign(payload, protectedHeader: CBOREncoder.encode(.map([CBORPair(.int(1), .int(-8)), CBORPair(.int(2), .array([.int(99)]))])))
        #expect(rejection(of: crit) == .notSigned(.criticalHeader))
        // No algorithm at all.
        #expect(rejection(of: Craft.sign(payload, protectedHeader: [0xA0])) == .notSigned(.unsupportedAlgorithm("none")))
        // Extra protected parameters (a kid) are covered by the signature and accepted.
        let withKid = Craft.sign(payload, protectedHeader: CBOREncoder.encode(.map([CBORPair(.int(1), .int(-8)), CBORPair(.int(4), .bytes([1]))])))
        #expect(rejection(of: withKid) == nil)
        // Trailing byte after the envelope.
        #expect(rejection(of: signed + [0x00]) == .malformed(.trailingBytes(offset: signed.count)))
        // Too large before anything is decoded.
        let huge = [UInt8](repeating: 0, count: CardLimits.signedCardBytes + 1)
        #expect(rejection(of: huge) == .tooLarge(bytes: CardLimits.signedCardBytes + 1, limit: CardLimits.signedCardBytes))
        // A three-part array and a short signature.
        let parts = CBOREncoder.encode(.tagged(18, .array([.bytes(COSESign1.edDSAProtectedHeader), .map([]), .bytes(payload)])))
        #expect(rejection(of: parts) == .notSigned(.wrongShape("expected an array of 4 parts")))
        let short = CBOREncoder.encode(.tagged(18, .array([.bytes(COSESign1.edDSAProtectedHeader), .map([]), .bytes(payload), .bytes([1, 2])])))
        #expect(rejection(of: short) == .notSigned(.wrongShape("the signature is 2 bytes, not 64")))
    }

    @Test func payloadThatIsNotAMapOrHasTextKeys() throws {
        #expect(rejection(of: Craft.sign(CBOREncoder.encode(.array([])))) == .notACard("its content is not a map of fields"))
        guard case .map(let pairs) = try CBORDecoder().decode(Craft.payload(card)) else {
            Issue.record("payload is not a map")
            return
        }
        let withTextKey = CBOREncoder.encode(.map(pairs + [CBORPair(.text("x"), .int(1))]))
        #expect(rejection(of: Craft.sign(withTextKey)) == .notACard("a field key is not an integer"))
    }
}
