import Crypto
import Foundation
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

/// Our formats checked by code we did not write: Python's cbor2, cryptography, pycose, base45, base58,
/// multiformats and vobject, driven by the scripts in `Conformance/`. A missing Python module fails the
/// test with the `pip install` that fixes it.
@Suite("Conformance with independent Python implementations")
struct ConformanceTests {
    static func expectedFields(_ card: ContactCard) -> [String: Any] {
        var expect: [String: Any] = ["nodeId": card.nodeID.rawValue, "updatedAt": card.updatedAt]
        if let name = card.name { expect["name"] = name }
        if let company = card.company { expect["company"] = company }
        if let title = card.title { expect["title"] = title }
        if let bio = card.bio { expect["bio"] = bio }
        if !card.emails.isEmpty { expect["emails"] = card.emails }
        if !card.phones.isEmpty { expect["phones"] = card.phones }
        if !card.skills.isEmpty { expect["skills"] = card.skills }
        return expect
    }

    @Test("cbor2 + cryptography + pycose verify our cards", arguments: [false, true])
    func pythonVerifiesOurCard(everyField: Bool) async throws {
        let card = everyField ? try Fixture.everyFieldCard() : Fixture.businessCard()
        let signed = try Fixture.issue(card)
        let result = try await python.run("verify_card.py", ["card": signed.bytes.hex, "expect": Self.expectedFields(card)])
        let envelope = try COSESign1(CBORDecoder().decode(signed.bytes), decoder: CBORDecoder())
        #expect(result["sigStructure"] as? String == envelope.signedBytes.hex)
        #expect(result["nodeId"] as? String == card.nodeID.rawValue)
    }

    @Test func pythonVerifiesAMaximalCard() async throws {
        let card = try CardIssueTests.maximalCard()
        let signed = try Fixture.issue(card)
        _ = try await python.run("verify_card.py", ["card": signed.bytes.hex, "expect": Self.expectedFields(card)])
    }

    @Test func pythonRejectsATamperedCard() async throws {
        var bytes = try Fixture.signedBusinessCard().bytes
        bytes[bytes.count - 10] ^= 0x40
        await #expect(throws: PythonScript.Failure.self) { try await python.run("verify_card.py", ["card": bytes.hex]) }
    }

    @Test func aCardSignedByPythonVerifies() async throws {
        let updatedAt = UInt64(Date().timeIntervalSince1970 * 1000) - 60_000
        let request: [String: Any] = [
            "updatedAt": updatedAt, "name": "Grace Hopper", "company": "US Navy", "title": "Rear Admiral",
            "emails": ["grace@example.mil"], "phones": ["+1 202 555 0100"],
        ]
        let result = try await python.run("sign_card.py", request)
        let bytes = try #require([UInt8](hex: result["card"] as? String ?? ""))
        let verified = try CardVerifier().verify(bytes, now: Date())
        #expect(verified.card.name == "Grace Hopper")
        #expect(verified.card.company == "US Navy")
        #expect(verified.card.title == "Rear Admiral")
        #expect(verified.card.emails == ["grace@example.mil"])
        #expect(verified.card.phones == ["+1 202 555 0100"])
        #expect(verified.card.updatedAt == updatedAt)
        #expect(verified.nodeID.rawValue == result["nodeId"] as? String)
        #expect(verified.card.sigKey.hex == result["sigKey"] as? String)
        #expect(verified.card.encKey.hex == result["encKey"] as? String)
        // And our own encoder writes the very same payload for that card.
        let envelope = try COSESign1(CBORDecoder().decode(bytes), decoder: CBORDecoder())
        #expect(CardSchema.encode(verified.card) == envelope.payload)
    }

    /// Made once by `sign_card.py --write`; an independent signer's card must keep verifying.
    @Test func committedPythonSignedCardVerifies() throws {
        let bytes = try TestFiles.vector("python-signed-card.cbor")
        let verified = try CardVerifier().verify(bytes, now: Date())
        #expect(verified.card.name == "Grace Hopper")
        #expect(verified.card.updatedAt <= UInt64(Date().timeIntervalSince1970 * 1000))
        #expect(CardClassifier.classify(verified.card, known: nil) == .new)
    }

    @Test func base45DecodesOurQRText() async throws {
        for signed in [try Fixture.signedBusinessCard(), try Fixture.issue(Fixture.everyFieldCard())] {
            let result = try await python.run("qr_text.py", ["qrText": CardText.qrText(signed), "card": signed.bytes.hex])
            #expect(result["bytes"] as? Int == signed.bytes.count)
        }
    }

    @Test func vobjectReadsOurVCard() async throws {
        var card = try Fixture.everyFieldCard()
        card.title = "Chief Programmer, Engines; and more"
        card.bio = String(repeating: "A long note that folds, with; punctuation. ", count: 5)
        let signed = try Fixture.issue(card)
        let expect: [String: Any] = [
            "fn": card.name ?? "", "org": card.company ?? "", "emails": card.emails, "tels": card.phones,
            "nodeId": card.nodeID.rawValue, "title": card.title ?? "", "note": card.bio ?? "", "card": signed.bytes.hex,
        ]
        _ = try await python.run("vcard.py", ["vcard": VCardWriter.write(signed), "expect": expect])
    }

    @Test func base58AndMultiformatsAgreeOnOurDIDKey() async throws {
        for identity in [Fixture.identity, Fixture.other, Identity.generate()] {
            let result = try await python.run("did_key.py", ["mode": "ed25519", "did": identity.didKey.description, "sigKey": identity.sigKey.hex])
            #expect(result["codec"] as? String == "ed25519-pub")
        }
    }

    @Test func weAcceptAP256DIDKeyMadeByPython() async throws {
        let result = try await python.run("did_key.py", ["mode": "p256"])
        let did = try #require(result["did"] as? String)
        let compressed = try #require([UInt8](hex: result["compressed"] as? String ?? ""))
        let parsed = try DIDKey(parsing: did)
        #expect(parsed == .p256(compressed: compressed))
        #expect(parsed.description == did)
    }

    @Test func pythonDerivesTheSameIdentity() async throws {
        var generator = SeededGenerator(seed: 2024)
        for seedBytes in [Fixture.seedBytes, generator.bytes(32), IdentitySeed.generate().rawRepresentation] {
            let identity = Identity(seed: try #require(IdentitySeed(bytes: seedBytes)))
            let result = try await python.run("identity.py", ["seed": seedBytes.hex])
            #expect(result["sigKey"] as? String == identity.sigKey.hex)
            #expect(result["encKey"] as? String == identity.encKey.hex)
            #expect(result["nodeId"] as? String == identity.nodeID.rawValue)
            #expect(result["didKey"] as? String == identity.didKey.description)
        }
    }

    @Test func pythonReadsTheTypedCodeFromTheSpec() async throws {
        let signed = try Fixture.signedBusinessCard()
        let backup = SeedBackup.code(for: Fixture.seed).joined(separator: "-")
        let result = try await python.run("typed_code.py", [
            "payloads": [signed.bytes.hex, ([0x01] + Fixture.seedBytes).hex, [0x00].hex, Array(0...9).map { UInt8($0) }.hex],
        ])
        let codes = try #require(result["codes"] as? [String])
        #expect(codes.count == 4)
        #expect(codes.first == CardText.code(signed).joined(separator: "-"))
        #expect(codes.dropFirst().first == backup)
        #expect(codes.dropFirst(2).first == GroupedCode.encode([0x00]))
        #expect(codes.last == GroupedCode.encode(Array(0...9)))
    }
}
