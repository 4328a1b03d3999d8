import Benchmark
import Crypto
import Foundation
@_spi(Wire) import HandshakeCore

/// Card verification and issuing, each beside the bare Ed25519 operation it is built on, in the same run,
/// so the ratio (the cost of everything else: CBOR, schema, Node ID, limits) can be read directly.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        maxDuration: .seconds(5),
        maxIterations: 1_000_000
    )

    let identity = Identity(seed: IdentitySeed(bytes: (0..<32).map { UInt8($0) })!)
    var profile = CardProfile(identity: identity, now: Date(timeIntervalSince1970: 1_763_740_800))
    try! profile.edit(now: Date(timeIntervalSince1970: 1_763_740_800)) { card in
        card.name = "Ada Lovelace"
        card.company = "Analytical Engines"
        card.title = "Analyst"
        card.emails = ["ada@example.com"]
        card.phones = ["+44 20 7946 0000"]
    }
    let signed = try! profile.issueCard(identity: identity)
    let verifier = CardVerifier()
    let now = Date()
    let qrText = Array(CardText.qrText(signed).utf8)

    // The same signature check the verifier ends with: the COSE Sig_structure under the card's key.
    let envelope = try! COSESign1(CBORDecoder().decode(signed.bytes), decoder: CBORDecoder())
    let signedBytes = envelope.signedBytes
    let signature = envelope.signature
    let publicKey = try! Curve25519.Signing.PublicKey(rawRepresentation: identity.sigKey.rawRepresentation)
    let privateKey = try! Curve25519.Signing.PrivateKey(rawRepresentation: HKDF<SHA256>.deriveKey(
        inputKeyMaterial: SymmetricKey(data: (0..<32).map { UInt8($0) }), salt: Array("handshake identity v1".utf8),
        info: Array("ed25519 signing key".utf8), outputByteCount: 32).withUnsafeBytes { Array($0) })

    Benchmark("Ed25519 verify (bare)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(publicKey.isValidSignature(signature, for: signedBytes))
        }
    }

    Benchmark("Card decode+verify (binary)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try verifier.verify(signed.bytes, now: now))
        }
    }

    Benchmark("Card decode+verify (QR text)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try CardText.read(qrText, now: now))
        }
    }

    Benchmark("Ed25519 sign (bare)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try privateKey.signature(for: signedBytes))
        }
    }

    Benchmark("Card issue (encode+sign)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try profile.issueCard(identity: identity))
        }
    }
}
