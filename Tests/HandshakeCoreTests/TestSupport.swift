import Crypto
import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

/// What the Core tests add to the shared worked example (HandshakeTestSupport's `Fixture`).
extension Fixture {
    static let seed = IdentitySeed(uncheckedBytes: seedBytes)
    /// The receiver's clock in these tests: one hour after the card was made.
    static let now = Date(timeIntervalSince1970: 1_763_740_800 + 3600)

    static func signedBusinessCard() throws -> SignedCard {
        try issue(businessCard())
    }

    /// A card using every optional field, small enough for exhaustive tests.
    static func everyFieldCard() throws -> ContactCard {
        var card = businessCard()
        card.bio = "Wrote the first program.\nLikes engines."
        card.location = "London"
        card.avatar = try Avatar(data: Avatar.pngSignature + Array(repeating: 0x5A, count: 24))
        card.emails.append("ada@engines.example")
        card.links = [SocialLink(platform: "github", handle: "@ada", url: "https://github.com/ada"), SocialLink(platform: "mastodon", handle: "@ada@example.social")]
        card.skills = ["mathematics", "poetical science"]
        card.fields = fillingEmpty(card.fields)
        return card
    }

    /// A PNG-signed blob of exactly `count` bytes.
    static func png(_ count: Int) -> [UInt8] {
        Avatar.pngSignature + (0..<(count - Avatar.pngSignature.count)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    }
}

/// Making payloads by hand: the card's CBOR map with entries replaced, added or removed, then signed, so
/// tests can present the verifier with cards no honest issuer would write.
enum Craft {
    /// The payload of `card` as written by `CardSchema`, with `replacing` entries set and `removing` gone.
    static func payload(_ card: ContactCard, replacing: [Int: CBOR] = [:], removing: Set<Int> = []) throws -> [UInt8] {
        guard case .map(let pairs) = try CBORDecoder().decode(CardSchema.encode(card)) else {
            throw CraftError("CardSchema.encode did not write a map")
        }
        var kept = pairs.filter { pair in
            guard let key = pair.key.intValue else { return true }
            return !removing.contains(key) && replacing[key] == nil
        }
        for (key, value) in replacing { kept.append(CBORPair(.int(key), value)) }
        return CBOREncoder.encode(.map(kept))
    }

    /// COSE_Sign1 bytes of `payload`, signed by `identity` exactly as Handshake signs.
    static func sign(_ payload: [UInt8], by identity: Identity = Fixture.identity) -> [UInt8] {
        COSESign1.sign(payload: payload, with: identity.signRaw).encoded
    }

    /// A COSE_Sign1 with a protected header of our choosing, signed correctly over it.
    static func sign(_ payload: [UInt8], protectedHeader: [UInt8], by identity: Identity = Fixture.identity) -> [UInt8] {
        let toBeSigned = CBOREncoder.encode(.array([.text("Signature1"), .bytes(protectedHeader), .bytes([]), .bytes(payload)]))
        let signature = identity.signRaw(toBeSigned)
        return CBOREncoder.encode(.tagged(18, .array([.bytes(protectedHeader), .map([]), .bytes(payload), .bytes(signature)])))
    }

    struct CraftError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// The rejection `verify` throws, or `nil` if it accepted the card.
func rejection(of bytes: [UInt8], now: Date = Fixture.now) -> CardRejection? {
    do {
        _ = try CardVerifier().verify(bytes, now: now)
        return nil
    } catch {
        return error
    }
}

extension SigningPublicKey {
    var hex: String { rawRepresentation.hex }
}

extension EncryptionPublicKey {
    var hex: String { rawRepresentation.hex }
}

/// Files committed next to the tests.
enum TestFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let vectors = directory.appendingPathComponent("Vectors")
    static let conformance = directory.appendingPathComponent("Conformance")

    static func vector(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: vectors.appendingPathComponent(name)))
    }

    static func vectorJSON(_ name: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: vectors.appendingPathComponent(name)))
        guard let dictionary = object as? [String: Any] else { throw Craft.CraftError("\(name) is not a JSON object") }
        return dictionary
    }
}

/// The conformance scripts of this target (`Conformance/`).
let python = ConformanceScripts()
