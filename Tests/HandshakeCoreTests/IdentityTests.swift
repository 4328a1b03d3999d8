import Crypto
import HandshakeTestSupport
import Testing

@testable @_spi(Wire) import HandshakeCore

@Suite("Identity derivation, Node ID, did:key")
struct IdentityTests {
    /// The seed 00 01 … 1f (docs/formats/card.md §6.1); the values were computed independently with Python
    /// `cryptography` (ConformanceTests.pythonDerivesTheSameIdentity repeats that check on every run).
    @Test func fixedSeedGivesFixedKeys() {
        let identity = Fixture.identity
        #expect(identity.sigKey.hex == "b5f1db1971fd4fc9c1d2ff4d66f5b8fd1d6692e4a4f5d6fede5492996c2f7789")
        #expect(identity.encKey.hex == "d5da4861fd35c50eacf2569aba346dbb2883d26cdce7c713da6674761ce88e7e")
        #expect(identity.nodeID.rawValue == "EjbrT2YEUDMa3S3MVpAdrU")
        #expect(identity.didKey.description == "did:key:z6MkrhVjibgx9kWSSCtv8QWyeHMx5QXnVzPUAytJAk5dRVNQ")
        let again = Identity(seed: IdentitySeed(uncheckedBytes: Fixture.seedBytes))
        #expect(again.sigKey == identity.sigKey && again.encKey == identity.encKey)
    }

    @Test func keysAreIndependentAndSignaturesVerify() throws {
        let identity = Identity.generate()
        #expect(identity.sigKey.rawRepresentation != identity.encKey.rawRepresentation)
        #expect(Identity.generate().seed != identity.seed)
        let message = Array("hello".utf8)
        let signature = identity.sign(message, for: .nearbySessionBinding)
        #expect(signature.count == 64)
        #expect(identity.sigKey.isValidSignature(signature, for: message, purpose: .nearbySessionBinding))
        // What was signed is label ‖ message: a plain Ed25519 verifier sees exactly that.
        let key = try Curve25519.Signing.PublicKey(rawRepresentation: identity.sigKey.rawRepresentation)
        #expect(key.isValidSignature(signature, for: SigningPurpose.nearbySessionBinding.label + message))
        #expect(!key.isValidSignature(signature, for: message))
    }

    @Test("a signature made for one purpose never verifies for another")
    func purposesAreSeparate() {
        let identity = Fixture.identity
        let message = Array(repeating: UInt8(7), count: 32)
        for purpose in SigningPurpose.all {
            let signature = identity.sign(message, for: purpose)
            for other in SigningPurpose.all {
                #expect(identity.sigKey.isValidSignature(signature, for: message, purpose: other) == (other == purpose))
            }
            #expect(!Fixture.other.sigKey.isValidSignature(signature, for: message, purpose: purpose))
        }
        // Labels: NUL-terminated, start with "h" (never 0x84, the first byte of a COSE Sig_structure), no prefixes.
        for purpose in SigningPurpose.all {
            #expect(purpose.label.first == UInt8(ascii: "h") && purpose.label.last == 0)
            for other in SigningPurpose.all where other != purpose { #expect(!other.label.starts(with: purpose.label)) }
        }
    }

    @Test("printing, logging or dumping an identity never shows its seed")
    func descriptionsHideTheSeed() {
        let identity = Fixture.identity
        var dumped = ""
        dump(identity, to: &dumped)
        var dumpedSeed = ""
        dump(identity.seed, to: &dumpedSeed)
        let seedHex = Fixture.seedBytes.hex
        for text in [identity.description, identity.debugDescription, String(describing: identity), String(reflecting: identity),
                     "\(identity.seed)", String(reflecting: identity.seed), dumped, dumpedSeed] {
            #expect(!text.contains(seedHex) && !text.contains("0, 1, 2, 3"), "\(text)")
        }
        #expect(identity.description == "Identity(EjbrT2YEUDMa3S3MVpAdrU)")
        #expect(dumped.contains("EjbrT2YEUDMa3S3MVpAdrU"))
    }

    @Test func keyAgreementMatchesOnBothSides() throws {
        let a = Fixture.identity, b = Fixture.other
        let ab = try a.sharedSecret(with: b.encKey).withUnsafeBytes { Array($0) }
        let ba = try b.sharedSecret(with: a.encKey).withUnsafeBytes { Array($0) }
        #expect(ab == ba && ab.count == 32)
        // A low-order point (u = 0) is refused, never an all-zero "secret".
        let zero = try #require(EncryptionPublicKey(rawRepresentation: Array(repeating: UInt8(0), count: 32)))
        #expect(throws: KeyAgreementError.lowOrderPoint) { try a.sharedSecret(with: zero) }
    }

    @Test("a key and its Node ID cannot disagree")
    func keyTypes() throws {
        #expect(SigningPublicKey(rawRepresentation: Array(repeating: UInt8(1), count: 31)) == nil)
        #expect(EncryptionPublicKey(rawRepresentation: Array(repeating: UInt8(1), count: 33)) == nil)
        let key = try #require(SigningPublicKey(rawRepresentation: Fixture.identity.sigKey.rawRepresentation))
        #expect(key.nodeID == Fixture.identity.nodeID)
        var card = Fixture.businessCard()
        card.sigKey = Fixture.other.sigKey
        #expect(card.nodeID == Fixture.other.nodeID)
    }

    @Test func seedInit() {
        #expect(IdentitySeed(bytes: [UInt8](repeating: 1, count: 31)) == nil)
        #expect(IdentitySeed(bytes: [UInt8](repeating: 1, count: 33)) == nil)
        #expect(IdentitySeed(bytes: Fixture.seedBytes) == Fixture.seed)
        #expect(IdentitySeed(bytes: Fixture.seedBytes)?.rawRepresentation == Fixture.seedBytes)
    }

    /// Seed = 31 zero bytes then 0x0a: SHA-256(sigKey) starts with a zero byte and Base58 of its first 16
    /// bytes is 21 characters, so the Node ID needs one pad character (checked with Python too).
    @Test func nodeIDIsPaddedTo22Characters() async throws {
        let seed = [UInt8](repeating: 0, count: 31) + [0x0A]
        let identity = Identity(seed: try #require(IdentitySeed(bytes: seed)))
        #expect(identity.sigKey.hex == "05f6159b1a11737c63d71e8ff01a1f0356a9b02bb07c0f0aa5b83235481021aa")
        let unpadded = Base58.encode(Array(SHA256.hash(data: identity.sigKey.rawRepresentation).prefix(16)))
        #expect(unpadded.count == 21)
        #expect(identity.nodeID.rawValue == "1" + unpadded)
        #expect(identity.nodeID.rawValue == "11y2y5YcoctrEah3DiYCdq")
        let python = try await python.run("identity.py", ["seed": seed.hex])
        #expect(python["nodeId"] as? String == identity.nodeID.rawValue)
        // And across many keys, always 22.
        var generator = SeededGenerator(seed: 22)
        for _ in 0..<200 {
            #expect(NodeID(sigKey: generator.bytes(32)).rawValue.count == 22)
        }
    }

    @Test func nodeIDText() {
        #expect(NodeID("EjbrT2YEUDMa3S3MVpAdrU") == Fixture.identity.nodeID)
        #expect(NodeID("EjbrT2YEUDMa3S3MVpAdr") == nil)
        #expect(NodeID("EjbrT2YEUDMa3S3MVpAdrUU") == nil)
        #expect(NodeID("EjbrT2YEUDMa3S3MVpAdr0") == nil)
        #expect(NodeID("EjbrT2YEUDMa3S3MVpAdr\u{212A}") == nil)
    }
}
