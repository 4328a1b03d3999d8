import Foundation
import HandshakeTestSupport
import Testing

@testable import HandshakeCore

/// DESIGN.md: "A signed card with any bit flipped is rejected, always." Every bit, not a sample.
@Suite("Every single-bit change to a signed card is rejected")
struct BitFlipTests {
    static func flipEveryBit(of bytes: [UInt8]) -> (accepted: [Int], kinds: Set<String>) {
        var accepted: [Int] = []
        var kinds: Set<String> = []
        for bit in 0..<(bytes.count * 8) {
            var flipped = bytes
            flipped[bit / 8] ^= 1 << UInt8(bit % 8)
            if let reason = rejection(of: flipped) {
                kinds.insert(kind(of: reason))
            } else {
                accepted.append(bit)
            }
        }
        return (accepted, kinds)
    }

    static func kind(of reason: CardRejection) -> String {
        switch reason {
        case .tooLarge: return "tooLarge"
        case .malformed: return "malformed"
        case .notSigned: return "notSigned"
        case .notACard: return "notACard"
        case .unsupportedSchema: return "unsupportedSchema"
        case .missingField: return "missingField"
        case .invalidField: return "invalidField"
        case .fieldRule: return "fieldRule"
        case .nodeIDMismatch: return "nodeIDMismatch"
        case .badSignature: return "badSignature"
        case .datedInFuture: return "datedInFuture"
        case .unreadableText: return "unreadableText"
        }
    }

    @Test func typicalBusinessCard() throws {
        let signed = try Fixture.signedBusinessCard()
        #expect(rejection(of: signed.bytes) == nil)
        let result = Self.flipEveryBit(of: signed.bytes)
        #expect(result.accepted.isEmpty, "bits accepted after flipping: \(result.accepted)")
        // The flips land in every layer of the pipeline, not only in the signature check.
        #expect(result.kinds.isSuperset(of: ["malformed", "notSigned", "badSignature"]), "\(result.kinds)")
        // The signature is checked before the card's rules and its Node ID: a changed card is never told as its
        // owner's fault (card.md §4).
        #expect(result.kinds.isDisjoint(with: ["fieldRule", "nodeIDMismatch"]), "\(result.kinds)")
    }

    @Test func cardWithEveryField() throws {
        let signed = try Fixture.issue(Fixture.everyFieldCard())
        #expect(rejection(of: signed.bytes) == nil)
        let result = Self.flipEveryBit(of: signed.bytes)
        #expect(result.accepted.isEmpty, "bits accepted after flipping: \(result.accepted)")
        #expect(result.kinds.isDisjoint(with: ["fieldRule", "nodeIDMismatch"]), "\(result.kinds)")
    }
}
